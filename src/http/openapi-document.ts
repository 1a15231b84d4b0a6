// What @fastify/swagger makes of the route schemas, completed into the document a client generator can
// trust (issue 15): one operationId and tag per operation, named component schemas, every status a route
// can answer as problem+json, the Idempotency-Key header and the response headers, `security: []` on
// public routes, `servers`, and the webhooks. The rules are generic, so that a route added later is
// documented right without anyone remembering to: test/http/core/openapi.test.ts and the validating test
// helper (test/helpers/openapi-validator.ts) hold every route to them.
import { deriveOperationId } from './openapi-operation-id.js';

type Json = Record<string, unknown>;
interface Schema extends Json {
  title?: string;
  $ref?: string;
}
interface MediaType {
  schema?: Schema;
}
interface Response extends Json {
  description: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, Json>;
}
interface Parameter extends Json {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation extends Json {
  operationId?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses: Record<string, Response>;
  security?: Array<Record<string, string[]>>;
}
export interface Document extends Json {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> } & Json;
}

/** What a route's registration says that the document cannot see: kept per `METHOD /path`. */
export interface RouteFacts {
  /** The route honours Idempotency-Key (API.md 1.2). */
  idempotent: boolean;
  /** The route is rate-limited per credential or guards a credential (429 with Retry-After). */
  limited: boolean;
  /** The route validates a path, query, header or body: a value it refuses (a NUL included) is a 400. */
  takesInput: boolean;
  /** The media types of the body it takes when it declares no body schema (a form whose fields it ignores). */
  consumesWithoutSchema?: string[];
}

export const PROBLEM = 'application/problem+json';
const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Names that read better than the derived ones; the derived name stays the rule for every other route. */
export const OPERATION_IDS: Record<string, string> = {
  'GET /openapi.json': 'getOpenApiDocument',
  'GET /health/live': 'getLiveness',
  'GET /health/ready': 'getReadiness',
  'GET /metrics': 'getMetrics',
  'POST /merchant/v1/payments/process': 'createAndProcessMerchantPayment',
  'POST /merchant/v1/recurring-payments/send': 'createAndSendMerchantRecurringPayment',
  'POST /partner/v1/companies/{companyId}/payments': 'createAndProcessPartnerPayment',
  'POST /partner/v1/companies/{companyId}/recurring-payments/send': 'createAndSendPartnerRecurringPayment',
  'GET /partner/v1/settings': 'getPartnerSettings',
  'PUT /partner/v1/settings': 'updatePartnerSettings',
  'POST /partner/v1/settings/webhook-secret': 'rotatePartnerWebhookSecret',
  'GET /partner/v1/companies/{companyId}/transactions/statistics': 'getPartnerTransactionStatistics',
  'GET /partner/v1/companies/{companyId}/bank-accounts/authorization-url':
    'getPartnerBankAccountAuthorizationUrl',
  'GET /partner/v1/companies/{companyId}/bank-accounts/{id}/file': 'downloadPartnerBankAccountStatement',
  'POST /terminal/v1/companies/{companyId}/integrations/{id}/secret-key':
    'rotateTerminalIntegrationSecretKey',
  'POST /terminal/v1/companies/{companyId}/integrations/{id}/webhook-secret':
    'rotateTerminalIntegrationWebhookSecret',
  'PUT /terminal/v1/companies/{companyId}/integrations/{id}/bank-account':
    'attachTerminalIntegrationBankAccount',
  'POST /admin/v1/partners/{partnerId}/terminals/{terminalId}/secret': 'rotateAdminTerminalSecret',
  'POST /admin/v1/partners/{partnerId}/api-keys': 'issueAdminPartnerApiKey',
  'DELETE /admin/v1/partners/{partnerId}/api-keys/{keyId}': 'revokeAdminPartnerApiKey',
  'DELETE /admin/v1/partners/{partnerId}/terminals/{terminalId}': 'revokeAdminPartnerTerminal',
  'POST /admin/v1/bank-accounts/{id}/status': 'setAdminBankAccountStatus',
  'POST /admin/v1/partners/{partnerId}/users': 'inviteAdminPartnerUser',
  'POST /sandbox/v1/companies/{companyId}/officers/{officerId}/verification': 'verifySandboxOfficer',
  'GET /sandbox-bank/authorize': 'showSandboxBankAuthorization',
  'POST /sandbox-bank/authorize': 'submitSandboxBankAuthorization',
  'GET /sandbox-bank/jwks': 'getSandboxBankJwks',
  'GET /sandbox-bank/.well-known/openid-configuration': 'getSandboxBankOpenIdConfiguration',
  'GET /.well-known/jwks.json': 'getJwks',
  'POST /public/v1/payments/initiate': 'initiatePayment',
  'GET /public/v1/qr/{file}': 'getQrCode',
  'GET /public/v1/bank-answer.js': 'getBankAnswerScript',
  'GET /favicon.svg': 'getFavicon',
  'GET /favicon.ico': 'redirectFaviconIco',
  'GET /p': 'showPaymentPage',
  'POST /p': 'submitPaymentPage',
  'GET /p/transfer': 'showTransferPage',
  'GET /rp': 'showRecurringPaymentPage',
  'POST /rp': 'submitRecurringPaymentPage',
  'GET /rf': 'showRefundPage',
  'POST /rf': 'submitRefundPage',
  'GET /portal': 'showPortalOverview',
  'GET /portal/assets/portal.js': 'getPortalScript',
  'GET /portal/companies/{companyId}/transactions.csv': 'downloadPortalTransactions',
};

/** Every operation of the document, with its method and path. */
export function* operationsOf(doc: Pick<Document, 'paths'>): Generator<[string, string, Operation]> {
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) yield [method.toUpperCase(), path, operation];
    }
  }
}

const isHtml = (op: Operation) =>
  Object.values(op.responses).some((r) => r.content && 'text/html' in r.content);
// 304 Not Modified is a 3xx without a Location: it answers a conditional GET, it does not redirect.
const isRedirect = (status: string) => /^3/.test(status) && status !== '304';
const isError = (status: string) => /^[45]/.test(status);

function successSchema(op: Operation): Schema | undefined {
  const success = Object.entries(op.responses).find(([status]) => /^2/.test(status))?.[1];
  return success?.content?.['application/json']?.schema;
}

function isList(op: Operation): boolean {
  const schema = successSchema(op);
  if (!schema) return false;
  if (schema.type === 'array') return true;
  const data = (schema.properties as Record<string, Schema> | undefined)?.data;
  return Boolean((data?.properties as Json | undefined)?.docs) || data?.type === 'array';
}

const problemResponse = (description: string, headers?: Record<string, Json>): Response => ({
  description,
  content: { [PROBLEM]: { schema: PROBLEM_REF } },
  ...(headers ? { headers } : {}),
});

const header = (description: string, schema: Schema, required = true) => ({ description, required, schema });
const RETRY_AFTER = { 'Retry-After': header('seconds to wait before trying again', { type: 'integer' }) };

const STANDARD_ERRORS: Record<string, string> = {
  '400':
    'The body, query or a header fails the schema or a rule of the contract (validation_failed), or the body is not JSON (malformed_json)',
  '401': 'A credential header is missing, malformed or unknown (unauthorized)',
  '403': 'The credential may not reach this company, or its company is banned (forbidden)',
  '404': "No such resource within the caller's reach (not_found)",
  '409':
    "Not allowed in the resource's current status (invalid_state), or the same Idempotency-Key is in flight (idempotency_conflict)",
  '413': 'The body is larger than allowed (payload_too_large)',
  '415': 'A body of a media type the route does not take (unsupported_media_type)',
  '422': 'The Idempotency-Key was used with another request (idempotency_key_reused)',
  '429': 'Too many requests or failed authentications (rate_limited); Retry-After says when to try again',
  '500': 'A bug (internal); the body never carries a stack trace',
  '502': 'The bank did not answer as it should (bank_unavailable)',
  '503': 'The service or its database is unavailable (service_unavailable)',
};

/** The statuses any route of this shape can answer, whatever its own schema lists. */
function impliedErrors(method: string, op: Operation, facts: RouteFacts | undefined, path: string): string[] {
  const out: string[] = [];
  // A NUL character in any value, an id of the wrong form in some paths, a malformed body.
  const hasInput = Boolean(op.requestBody) || (op.parameters ?? []).length > 0 || facts?.takesInput;
  if (hasInput || facts?.idempotent) out.push('400');
  // Any body of a type the route does not take is a 415, and a body over the limit a 413, on every
  // method but GET (media-types.ts): a JSON body on an operation that takes none is ignored.
  if (method !== 'GET') out.push('413', '415');
  if (path.includes('{')) out.push('404');
  if (facts?.idempotent) out.push('409', '422');
  if (facts?.limited) out.push('429');
  if (op.security && op.security.length > 0) out.push('401');
  out.push('500');
  return out;
}

/**
 * A page's own errors are pages; what is refused before its handler runs (validation, media type, body
 * size, rate limit) is problem+json like everywhere else.
 */
const pageErrorResponse = (description: string, headers?: Record<string, Json>): Response => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } }, [PROBLEM]: { schema: PROBLEM_REF } },
  ...(headers ? { headers } : {}),
});

function completeResponses(method: string, op: Operation, facts: RouteFacts | undefined, path: string): void {
  // The portal answers its errors as pages, its redirects included.
  const html = isHtml(op) || Boolean(op.tags?.includes('portal'));
  for (const [status, response] of Object.entries(op.responses)) {
    const json = response.content?.['application/json'];
    if (response.content && json?.schema?.type === 'string' && json.schema.format === 'binary') {
      // A file: sent with its own media type.
      response.content = { '*/*': json };
    }
    if (isRedirect(status)) {
      delete response.content;
      response.headers = {
        Location: header('where the browser goes next', { type: 'string' }),
        ...response.headers,
      };
    } else if (isError(status) && html) {
      op.responses[status] = pageErrorResponse(response.description, response.headers);
    } else if (isError(status) && response.content?.['application/json']) {
      op.responses[status] = problemResponse(
        STANDARD_ERRORS[status] ?? response.description,
        response.headers,
      );
    }
  }
  for (const status of impliedErrors(method, op, facts, path)) {
    op.responses[status] ??= (html ? pageErrorResponse : problemResponse)(STANDARD_ERRORS[status] ?? 'error');
  }
  if (html && op.tags?.includes('portal') && method !== 'GET') {
    op.responses['403'] ??= pageErrorResponse('The form came without its CSRF token, or with a wrong one');
  }
  if (html && op.tags?.includes('portal')) {
    // Every portal page sends a visitor who is not signed in to the sign-in page.
    op.responses['303'] ??= {
      description: 'to the sign-in page when not signed in, or to the next page',
      headers: { Location: header('where the browser goes next', { type: 'string' }) },
    };
  }
  const limited = op.responses['429'];
  if (limited) limited.headers = { ...RETRY_AFTER, ...limited.headers };
  if (facts?.idempotent) {
    op.parameters = [
      ...(op.parameters ?? []),
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Makes a retry safe: the first successful answer to a key is stored for 24 hours and replayed, with Idempotent-Replayed: true (API.md 1.2)',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
      },
    ];
    for (const [status, response] of Object.entries(op.responses)) {
      if (!/^2/.test(status)) continue;
      response.headers = {
        'Idempotent-Replayed': header(
          'true when this is the stored answer to an earlier request with the same Idempotency-Key',
          { type: 'string', enum: ['true'] },
          false,
        ),
        ...response.headers,
      };
    }
  }
  const success = Object.entries(op.responses).find(([status]) => /^2/.test(status))?.[1];
  const paged = (op.parameters ?? []).some((p) => p.in === 'query' && p.name === 'page');
  const bare = successSchema(op);
  const data = (bare?.properties as Record<string, Schema> | undefined)?.data;
  if (success && paged && (bare?.type === 'array' || data?.type === 'array')) {
    // Lists without a paging envelope (group A's bare arrays, group D's `data` arrays) page by query and
    // give the total in a header (API.md 1.3).
    success.headers = {
      'X-Total-Count': header('how many items the whole list holds', { type: 'integer', minimum: 0 }),
      ...success.headers,
    };
  }
}

/**
 * Unknown body fields are removed, never refused (API.md 1; Ajv's removeAdditional): a document saying
 * `additionalProperties: false` would refuse requests the server takes.
 */
function unknownFieldsIgnored(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) unknownFieldsIgnored(item);
    return;
  }
  if (schema === null || typeof schema !== 'object') return;
  const node = schema as Schema;
  if (node.additionalProperties === false) delete node.additionalProperties;
  for (const property of Object.values((node.properties as Record<string, Schema> | undefined) ?? {})) {
    unknownFieldsIgnored(property);
  }
  for (const key of ['items', 'anyOf', 'oneOf', 'allOf']) unknownFieldsIgnored(node[key]);
}

/** A parameter or body field the server fills in when absent is optional to the caller. */
function optionalDefaults(op: Operation): void {
  for (const media of Object.values(op.requestBody?.content ?? {})) unknownFieldsIgnored(media.schema);
  // A body whose every field is optional may be left out.
  const bodies = Object.values(op.requestBody?.content ?? {});
  if (op.requestBody && bodies.every((m) => m.schema?.type === 'object' && !m.schema.required)) {
    op.requestBody.required = false;
  }
  for (const parameter of op.parameters ?? []) {
    if (parameter.schema && 'default' in parameter.schema) parameter.required = false;
  }
  for (const media of Object.values(op.requestBody?.content ?? {})) optionalWhereDefaulted(media.schema);
}

function optionalWhereDefaulted(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) optionalWhereDefaulted(item);
    return;
  }
  if (schema === null || typeof schema !== 'object') return;
  const node = schema as Schema;
  const properties = node.properties as Record<string, Schema> | undefined;
  if (properties) {
    for (const property of Object.values(properties)) optionalWhereDefaulted(property);
    if (Array.isArray(node.required)) {
      node.required = (node.required as string[]).filter((name) => !('default' in (properties[name] ?? {})));
      if ((node.required as string[]).length === 0) delete node.required;
    }
  }
  for (const key of ['items', 'anyOf', 'oneOf', 'allOf']) optionalWhereDefaulted(node[key]);
}

const pascalOf = (operationId: string) => operationId[0]?.toUpperCase() + operationId.slice(1);

/**
 * Moves every schema with a `title` into components.schemas under that title and refers to it there.
 * Two different schemas under one title would make one of them lie: that throws.
 */
function hoistTitled(node: unknown, components: Record<string, Schema>, seen: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((item) => hoistTitled(item, components, seen));
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    // A property called `title` (a schema's properties map) is a field, not a schema's name.
    out[key] =
      key === 'properties' ? hoistProperties(value, components, seen) : hoistTitled(value, components, seen);
  }
  const title = (node as Schema).title;
  if (typeof title !== 'string' || !/^[A-Z][A-Za-z0-9]*$/.test(title)) return out;
  const text = JSON.stringify(out);
  const known = seen.get(title);
  if (known !== undefined && known !== text) {
    throw new Error(`two different schemas are both titled ${title}: give one of them another title`);
  }
  seen.set(title, text);
  components[title] = out;
  return { $ref: `#/components/schemas/${title}` };
}

function hoistProperties(value: unknown, components: Record<string, Schema>, seen: Map<string, string>) {
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, schema]) => [name, hoistTitled(schema, components, seen)]),
  );
}

/** Request bodies: named after their operation unless their schema names itself. */
function nameRequestBody(op: Operation, operationId: string): void {
  for (const media of Object.values(op.requestBody?.content ?? {})) {
    if (media.schema && !media.schema.$ref && !media.schema.title) {
      media.schema = { title: `${pascalOf(operationId)}Request`, ...media.schema };
    }
  }
}

export interface CompleteOptions {
  publicUrl: string;
  facts: Map<string, RouteFacts>;
  webhooks: Record<string, Json>;
}

export function completeDocument(doc: Document, options: CompleteOptions): Document {
  doc.servers = [{ url: options.publicUrl, description: 'this service (PUBLIC_URL)' }];
  const ids = new Map<string, string>();
  for (const [method, path, op] of operationsOf(doc)) {
    const key = `${method} ${path}`;
    const facts = options.facts.get(key);
    op.operationId ??=
      OPERATION_IDS[key] ?? deriveOperationId({ method, path, list: isList(op), page: isHtml(op) });
    const clash = ids.get(op.operationId);
    if (clash) throw new Error(`${key} and ${clash} would both be operationId ${op.operationId}: name one`);
    ids.set(op.operationId, key);
    if (!op.tags || op.tags.length === 0) throw new Error(`${key} has no tag`);
    if (!op.security || op.security.length === 0) op.security = [];
    if (!op.requestBody && facts?.consumesWithoutSchema) {
      op.requestBody = {
        required: false,
        content: Object.fromEntries(
          facts.consumesWithoutSchema.map((type) => [type, { schema: { type: 'object' } }]),
        ),
      };
    }
    optionalDefaults(op);
    completeResponses(method, op, facts, path);
    nameRequestBody(op, op.operationId);
  }
  const seen = new Map<string, string>();
  for (const [name, schema] of Object.entries(doc.components.schemas)) seen.set(name, JSON.stringify(schema));
  const components = doc.components.schemas;
  for (const [name, schema] of Object.entries(components)) {
    components[name] = Object.fromEntries(
      Object.entries(schema).map(([key, value]) => [
        key,
        key === 'properties'
          ? hoistProperties(value, components, seen)
          : hoistTitled(value, components, seen),
      ]),
    );
  }
  doc.paths = hoistTitled(doc.paths, components, seen) as Document['paths'];
  doc.webhooks = hoistTitled(options.webhooks, components, seen);
  doc.components.schemas = Object.fromEntries(
    Object.entries(components).sort(([a], [b]) => a.localeCompare(b)),
  );
  return doc;
}
