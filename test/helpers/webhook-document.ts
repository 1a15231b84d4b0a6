// Checks a webhook a test's receiver got against the document's `webhooks` (API.md 8, issue 15): the
// payload schema of its event and the signature headers, as the OpenAPI document publishes them
// (src/http/webhook-schemas.ts is what the document's `webhooks` key is made from).
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { webhooksDocument } from '../../src/http/webhook-schemas.js';

interface HeaderParameter {
  name: string;
  required?: boolean;
  schema: object;
}
interface WebhookOperation {
  parameters: HeaderParameter[];
  requestBody: { content: { 'application/json': { schema: object } } };
}

let compiled: Map<string, { body: ValidateFunction; headers: ValidateFunction }> | undefined;

function validators() {
  if (compiled) return compiled;
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats.default(ajv);
  compiled = new Map();
  for (const [eventName, item] of Object.entries(webhooksDocument())) {
    const operation = item.post as WebhookOperation;
    const headers = {
      type: 'object',
      properties: Object.fromEntries(operation.parameters.map((p) => [p.name, p.schema])),
      required: operation.parameters.filter((p) => p.required).map((p) => p.name),
    };
    compiled.set(eventName, {
      body: ajv.compile(operation.requestBody.content['application/json'].schema),
      headers: ajv.compile(headers),
    });
  }
  return compiled;
}

/** What is wrong with a received webhook by the document (none: []). */
export function webhookIssues(headers: Record<string, string>, body: unknown): string[] {
  const named = body as { eventName?: unknown; event_name?: unknown } | undefined;
  const eventName = String(named?.eventName ?? named?.event_name ?? '');
  const check = validators().get(eventName);
  if (!check) return [`webhook "${eventName}" is not in the document's webhooks`];
  const issues: string[] = [];
  if (!check.headers(headers)) issues.push(`${eventName} headers: ${JSON.stringify(check.headers.errors)}`);
  if (!check.body(body)) issues.push(`${eventName} payload: ${JSON.stringify(check.body.errors)}`);
  return issues;
}
