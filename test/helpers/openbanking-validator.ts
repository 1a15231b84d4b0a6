// Validates the sandbox bank's Open Banking responses against the official OpenAPI descriptions in
// spec/openbanking: the response schema of the operation (method, path template, status), or an
// empty body where the specification gives none (401, 404 ...).
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

interface OpenApiDoc {
  paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>>;
  components: { responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }> };
}

const load = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../spec/openbanking/${file}`, import.meta.url), 'utf8')) as OpenApiDoc;

const DOCS: Record<'pisp' | 'aisp', OpenApiDoc> = {
  pisp: load('payment-initiation-openapi.json'),
  aisp: load('account-info-openapi.json'),
};

const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
addFormats.default(ajv);
for (const format of ['int32', 'int64', 'double', 'float']) ajv.addFormat(format, true);
for (const [id, doc] of Object.entries(DOCS)) ajv.addSchema(doc as object, id);

const compiled = new Map<string, ValidateFunction | null>();

export interface ObResponse {
  method: string;
  url: string;
  status: number;
  body: string;
}

function operationOf(url: string): { api: 'pisp' | 'aisp'; template: string } | undefined {
  const match = /\/open-banking\/v3\.1\/(pisp|aisp)(\/[^?]*)/.exec(new URL(url).pathname);
  if (!match) return undefined;
  const api = match[1] as 'pisp' | 'aisp';
  const path = match[2] as string;
  const template = Object.keys(DOCS[api].paths).find((t) =>
    new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );
  return template ? { api, template } : undefined;
}

/** The problems of one response; [] when it matches the specification. Non-OB URLs are not checked. */
export function obViolations(response: ObResponse): string[] {
  if (!/\/open-banking\/v3\.1\//.test(response.url)) return [];
  const where = `${response.method} ${response.url} -> ${response.status}`;
  const op = operationOf(response.url);
  if (!op) return [`${where}: no such path in the specification`];
  const operation = DOCS[op.api].paths[op.template]?.[response.method.toLowerCase()];
  if (!operation) return [`${where}: no such operation in the specification`];
  const declared = operation.responses[String(response.status)];
  if (!declared) return [`${where}: status not in the specification`];
  const ref = declared.$ref?.replace('#/components/responses/', '') ?? '';
  const key = `${op.api}:${ref}`;
  if (!compiled.has(key)) {
    const schema = DOCS[op.api].components.responses[ref]?.content?.['application/json']?.schema;
    compiled.set(key, schema ? ajv.compile({ $ref: `${op.api}${schema.$ref}` }) : null);
  }
  const validate = compiled.get(key);
  if (!validate)
    return response.body === '' ? [] : [`${where}: the specification gives no body, got ${response.body}`];
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return [`${where}: body is not JSON: ${response.body.slice(0, 200)}`];
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (e) => `${where}: ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
  );
}
