// The operationId of a route, derived from its method and path when the route does not name one, so that
// every route added later is documented with a stable camelCase verb + noun without anyone remembering to.
// A route whose derived name reads badly names its own (`schema.operationId`); duplicates fail the build of
// the document (openapi-document.ts).

/** Last path segments that are an action on what precedes them, and the verb they make. */
const ACTIONS: Record<string, string> = {
  process: 'process',
  refund: 'refund',
  cancel: 'cancel',
  send: 'send',
  default: 'setDefault',
  reconsent: 'reconsent',
  redeliver: 'redeliver',
  disable: 'disable',
  enable: 'enable',
  revoke: 'revoke',
  remove: 'remove',
  approve: 'approve',
  reject: 'reject',
  expire: 'expire',
  settle: 'settle',
  advance: 'advance',
  start: 'start',
  connect: 'connect',
  confirm: 'confirm',
  test: 'test',
  logout: 'logOut',
  'fail-next': 'failNext',
};

const pascal = (word: string) =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');

const singular = (word: string) =>
  word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : word.endsWith('s') && !word.endsWith('ss')
      ? word.slice(0, -1)
      : word;

const isParam = (segment: string) => segment.startsWith('{') || segment.startsWith(':');

export interface OperationShape {
  method: string;
  /** The OpenAPI path, parameters in braces. */
  path: string;
  /** Whether its success answer is a list (an array, or a paging envelope). */
  list: boolean;
  /** Whether it answers an HTML page or a redirect (a browser's page rather than an API call). */
  page: boolean;
}

/**
 * `GET /merchant/v1/payments/{id}` -> getMerchantPayment, `GET /merchant/v1/payments` -> listMerchantPayments,
 * `POST /partner/v1/companies/{companyId}/payments/{id}/refund` -> refundPartnerPayment. The version segment
 * goes, and so does a company scope (`companies/{companyId}`) that something follows.
 */
export function deriveOperationId({ method, path, list, page }: OperationShape): string {
  const segments = path.split('/').filter((s) => s && !/^v[0-9]+$/.test(s));
  const [group = 'root', ...rest] = segments.map((s) =>
    s.replace(/^\./, '').replace(/\.[a-z]+$/, (ext) => `-${ext.slice(1)}`),
  );
  // The company scope of groups B, C and D says whose, not what.
  if (rest[0] === 'companies' && isParam(rest[1] ?? '') && rest.length > 2 && !ACTIONS[rest[2] ?? '']) {
    rest.splice(0, 2);
  }
  const last = rest.at(-1);
  const action = last && method !== 'GET' ? ACTIONS[last] : undefined;
  const nouns = action ? rest.slice(0, -1) : rest;
  const words: string[] = [];
  nouns.forEach((segment, i) => {
    if (isParam(segment)) return;
    const next = nouns[i + 1];
    const item = next !== undefined && isParam(next);
    const lastNoun = i === nouns.length - 1 || (i === nouns.length - 2 && item);
    const one =
      item ||
      (lastNoun && !page && (action !== undefined || method === 'POST' || (!list && method === 'GET')));
    words.push(pascal(one ? singular(segment) : segment));
  });
  const verb =
    action ??
    (page
      ? method === 'GET'
        ? 'show'
        : 'submit'
      : method === 'GET'
        ? list
          ? 'list'
          : 'get'
        : method === 'POST'
          ? 'create'
          : method === 'DELETE'
            ? 'delete'
            : 'update');
  const id = `${verb}${pascal(group)}${words.join('')}`;
  return id[0]?.toLowerCase() + id.slice(1);
}
