// Checks every request a test makes and every answer it gets against the app's own OpenAPI document
// (issue 15 item 2), both ways: a request the document refuses must be refused by the server, a request
// the document allows must not be refused by the server's schema, and every answer must be a documented
// status, media type, body and set of headers. Hooked on the app itself, so that inject and real sockets
// (browsers, the CLI, the adapter's calls to the sandbox bank) are all seen. A mismatch fails the test
// that made the request, when it ends.
// Cost: the validators are compiled once per process and document (keyed by the app's routes), lazily,
// per operation and status; a request costs a few validations.
import { appendFileSync } from 'node:fs';
import type { TestContext } from 'node:test';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Json;
}
interface Response {
  content?: Record<string, { schema?: Json }>;
  headers?: Record<string, { required?: boolean }>;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Json }> };
  responses: Record<string, Response>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
}

/** Response headers the document must declare wherever they are sent. */
const WATCHED_HEADERS = ['x-total-count', 'idempotent-replayed', 'retry-after'];

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

const mediaOf = (contentType: unknown) =>
  String(contentType ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase() ?? '';

export class DocumentValidators {
  private readonly bodies: Ajv2020;
  private readonly strings: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(readonly doc: Doc) {
    const options = {
      strict: false,
      allErrors: false,
      validateSchema: false,
      validateFormats: true,
    } as const;
    this.bodies = new Ajv2020(options);
    // Query, path and header values are strings on the wire, coerced as the server coerces them.
    this.strings = new Ajv2020({ ...options, coerceTypes: 'array' });
    for (const ajv of [this.bodies, this.strings]) {
      addFormats.default(ajv);
      ajv.addSchema(doc as object, 'openapi.json');
    }
  }

  /** The validator of the schema at a JSON pointer into the document, compiled once. */
  private at(ajv: 'bodies' | 'strings', path: string): ValidateFunction {
    const key = `${ajv} ${path}`;
    let validate = this.cache.get(key);
    if (!validate) {
      validate = this[ajv].compile({ $ref: `openapi.json#/${path}` });
      this.cache.set(key, validate);
    }
    return validate;
  }

  /** A parameters object schema per location, compiled once. */
  private parameters(method: string, path: string, where: string): ValidateFunction | undefined {
    const key = `params ${method} ${path} ${where}`;
    if (this.cache.has(key)) return this.cache.get(key);
    const op = this.doc.paths[path]?.[method];
    const params = (op?.parameters ?? []).filter((p) => p.in === where);
    if (params.length === 0) return undefined;
    const base = pointer('paths', path, method, 'parameters');
    const all = op?.parameters ?? [];
    const schema = {
      type: 'object',
      properties: Object.fromEntries(
        params.map((p) => [
          where === 'header' ? p.name.toLowerCase() : p.name,
          { $ref: `openapi.json#/${base}/${all.indexOf(p)}/schema` },
        ]),
      ),
      required: params
        .filter((p) => p.required)
        .map((p) => (where === 'header' ? p.name.toLowerCase() : p.name)),
    };
    const validate = this.strings.compile(schema);
    this.cache.set(key, validate);
    return validate;
  }

  /** Why the document refuses the request, or undefined when it allows it. */
  refusal(method: string, path: string, request: CapturedRequest): string | undefined {
    const op = this.doc.paths[path]?.[method];
    if (!op) return 'no such operation';
    for (const [where, values] of [
      ['path', request.params],
      ['query', request.query],
      ['header', request.headers],
    ] as const) {
      const validate = this.parameters(method, path, where);
      if (validate && !validate(structuredClone(values ?? {}))) {
        return `${where}: ${this.bodies.errorsText(validate.errors)}`;
      }
    }
    const content = op.requestBody?.content;
    if (request.bodyPresent) {
      // A JSON body on an operation that takes none is ignored (the document's description says so); a
      // GET's body is never read.
      if (!content) {
        return method === 'get' || ['', 'application/json'].includes(request.mediaType)
          ? undefined
          : `a body (${request.mediaType}) on an operation that takes none`;
      }
      if (!(request.mediaType in content)) return `body media type ${request.mediaType} not documented`;
      if (request.mediaType === 'multipart/form-data' || request.body === undefined) return undefined;
      const ajv = request.mediaType === 'application/json' ? 'bodies' : 'strings';
      const validate = this.at(
        ajv,
        pointer('paths', path, method, 'requestBody', 'content', request.mediaType, 'schema'),
      );
      if (!validate(structuredClone(request.body))) return `body: ${this.bodies.errorsText(validate.errors)}`;
    } else if (op.requestBody?.required && method !== 'GET') {
      return 'no body, and the document requires one';
    }
    return undefined;
  }

  /** What is wrong with the answer, by the document. */
  answerIssues(method: string, path: string, answer: CapturedAnswer): string[] {
    const op = this.doc.paths[path]?.[method];
    if (!op) return [];
    const status = String(answer.status);
    const documented = op.responses[status] ?? op.responses[`${status[0]}XX`] ?? op.responses.default;
    if (!documented)
      return [`status ${status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`];
    const issues: string[] = [];
    const key = op.responses[status] ? status : op.responses[`${status[0]}XX`] ? `${status[0]}XX` : 'default';
    for (const [name, declared] of Object.entries(documented.headers ?? {})) {
      if (declared.required && answer.headers[name.toLowerCase()] === undefined) {
        issues.push(`status ${status}: header ${name} is documented as always sent but is missing`);
      }
    }
    const declaredHeaders = Object.keys(documented.headers ?? {}).map((h) => h.toLowerCase());
    for (const name of WATCHED_HEADERS) {
      if (answer.headers[name] !== undefined && !declaredHeaders.includes(name)) {
        issues.push(`status ${status}: header ${name} is sent but not documented`);
      }
    }
    if (!answer.bodyPresent) return issues;
    const content = documented.content;
    if (!content) {
      issues.push(`status ${status}: a body (${answer.mediaType}) where the document declares none`);
      return issues;
    }
    const range = answer.mediaType.replace(/\/.*$/, '/*');
    if (!(answer.mediaType in content) && !(range in content) && !('*/*' in content)) {
      issues.push(
        `status ${status}: media type ${answer.mediaType} not documented (${Object.keys(content).join(', ')})`,
      );
      return issues;
    }
    if (!/json$/.test(answer.mediaType) || answer.body === undefined) return issues;
    if (!content[answer.mediaType]?.schema) return issues;
    const validate = this.at(
      'bodies',
      pointer('paths', path, method, 'responses', key, 'content', answer.mediaType, 'schema'),
    );
    if (!validate(answer.body)) {
      issues.push(`status ${status}: body ${this.bodies.errorsText(validate.errors)}`);
    }
    return issues;
  }
}

interface CapturedRequest {
  params: unknown;
  query: unknown;
  headers: Record<string, unknown>;
  body: unknown;
  bodyPresent: boolean;
  mediaType: string;
}
interface CapturedAnswer {
  status: number;
  headers: Record<string, unknown>;
  body: unknown;
  bodyPresent: boolean;
  mediaType: string;
}

/** Per process: the validators of each document, found by the routes of the app that serves it. */
const perDocument = new Map<string, DocumentValidators>();

function validatorsOf(
  app: FastifyInstance,
  routes: Array<{ method: string; url: string }>,
): DocumentValidators {
  const key = routes.map((r) => `${r.method} ${r.url}`).join('\n');
  let validators = perDocument.get(key);
  if (!validators) {
    validators = new DocumentValidators(app.swagger() as unknown as Doc);
    perDocument.set(key, validators);
  }
  return validators;
}

const captured = new WeakMap<
  FastifyRequest,
  { request?: CapturedRequest; schemaRefused?: string; body?: unknown }
>();

function captureRequest(request: FastifyRequest): CapturedRequest {
  const mediaType = mediaOf(request.headers['content-type']);
  const length = Number(request.headers['content-length'] ?? 0);
  const bodyPresent =
    request.body !== undefined || length > 0 || request.headers['transfer-encoding'] !== undefined;
  return {
    params: { ...(request.params as Json) },
    query: structuredClone(request.query ?? {}),
    headers: { ...request.headers },
    body: request.body === undefined ? undefined : structuredClone(request.body),
    bodyPresent,
    mediaType,
  };
}

function payloadOf(payload: unknown, mediaType: string): { present: boolean; body: unknown } {
  if (payload === undefined || payload === null) return { present: false, body: undefined };
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    const text = payload.toString();
    if (text.length === 0) return { present: false, body: undefined };
    if (!/json$/.test(mediaType)) return { present: true, body: undefined };
    try {
      return { present: true, body: JSON.parse(text) as unknown };
    } catch {
      return { present: true, body: Symbol('not JSON') };
    }
  }
  return { present: true, body: undefined }; // a stream: a file
}

export interface OpenApiCheck {
  readonly mismatches: string[];
  /** How many exchanges were checked. */
  checked: number;
}

/** Where a watched app's findings go. */
export interface ExchangeSink {
  /** One exchange checked. */
  checked(): void;
  /** What one exchange got wrong. */
  mismatched(issues: string[]): void;
}

/**
 * Hooks `app` so that every exchange it serves is checked against the document `validators()` gives
 * (asked at the first exchange, once the routes are known); `undefined` leaves the app unchecked.
 */
export function watchExchanges(
  app: FastifyInstance,
  validators: () => DocumentValidators | undefined,
  sink: ExchangeSink,
): void {
  let document: DocumentValidators | null | undefined;
  const slot = (request: FastifyRequest) => {
    let found = captured.get(request);
    if (!found) {
      found = {};
      captured.set(request, found);
    }
    return found;
  };
  app.addHook('preValidation', async (request) => {
    slot(request).request = captureRequest(request);
  });
  app.addHook('onError', async (request, _reply, error) => {
    const validation = (error as { validation?: unknown; validationContext?: string }).validation;
    const context = (error as { validationContext?: string }).validationContext;
    // A NUL character is refused in every string (the document's description says so, once).
    const nul =
      Array.isArray(validation) && validation.some((e: { keyword?: string }) => e.keyword === 'nul');
    if (validation && context !== 'params' && !nul)
      slot(request).schemaRefused = `${context}: ${error.message}`;
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    slot(request).body = payload;
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    const method = request.method.toLowerCase();
    if (!url || method === 'head' || method === 'options' || url.startsWith('/docs')) return;
    if (document === undefined) document = validators() ?? null;
    if (document === null) return;
    const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const state = slot(request);
    const headers = reply.getHeaders() as Record<string, unknown>;
    const mediaType = mediaOf(headers['content-type']);
    const { present, body } = payloadOf(state.body, mediaType);
    const where = `${request.method} ${request.url.split('?')[0]} -> ${reply.statusCode}`;
    sink.checked();
    const issues = document.answerIssues(method, path, {
      status: reply.statusCode,
      headers,
      body,
      bodyPresent: present,
      mediaType,
    });
    const captured = state.request ?? captureRequest(request);
    const refusal = document.refusal(method, path, captured);
    if (refusal && reply.statusCode < 400)
      issues.push(`the document refuses this request (${refusal}) but the server accepted it`);
    if (!refusal && state.schemaRefused && captured.mediaType !== 'multipart/form-data') {
      issues.push(`the server's schema refused a request the document allows (${state.schemaRefused})`);
    }
    if (issues.length > 0) sink.mismatched(issues.map((issue) => `${where}: ${issue}`));
  });
}

/** The validators of the document an app serves (@fastify/swagger), or undefined if it serves none. */
export function servedDocument(app: FastifyInstance): DocumentValidators | undefined {
  if (typeof (app as { swagger?: unknown }).swagger !== 'function') return undefined;
  return new DocumentValidators(app.swagger() as unknown as Doc);
}

/** Validates every exchange of `app` against its document; a mismatch fails `t` when it ends. */
export function validateAgainstOpenApi(
  t: TestContext,
  app: FastifyInstance,
  routes: Array<{ method: string; url: string }>,
): OpenApiCheck {
  const check: OpenApiCheck = { mismatches: [], checked: 0 };
  // Registered at the first mismatch, so that it runs after the hooks the test registered while setting
  // up (closing a browser, an app): a hook that throws keeps the later ones from running, and a browser
  // left open kept the test process alive.
  const report = () =>
    t.after(() => {
      const found = [...new Set(check.mismatches)].join('\n');
      // A run over many files can collect every mismatch in one file instead of stopping at the first test.
      const log = process.env.OPENAPI_MISMATCH_LOG;
      if (log) appendFileSync(log, `${found}\n`);
      throw new Error(`requests or answers off the OpenAPI document:\n${found}`);
    });
  watchExchanges(app, () => validatorsOf(app, routes), {
    checked: () => {
      check.checked++;
    },
    mismatched: (issues) => {
      if (check.mismatches.length === 0) report();
      check.mismatches.push(...issues);
    },
  });
  return check;
}
