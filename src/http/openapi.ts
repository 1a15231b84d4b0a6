// The OpenAPI 3.1 document, generated from the route schemas, and its rendered reference at /docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_VERSIONS } from './group.js';
import { completeDocument, type Document, type RouteFacts } from './openapi-document.js';
import { DOCUMENTED_PATTERN } from './schemas.js';
import { webhooksDocument } from './webhook-schemas.js';

export const TAGS = [
  {
    name: 'merchant-payments',
    description: 'Group A: merchant payments',
    'x-version': API_VERSIONS.merchant,
  },
  { name: 'bank-accounts', description: 'Group B: bank accounts', 'x-version': API_VERSIONS.bankAccounts },
  { name: 'integrations', description: 'Group C: integrations', 'x-version': API_VERSIONS.integrations },
  { name: 'partner', description: 'Group D: partner', 'x-version': API_VERSIONS.partner },
  { name: 'public', description: "The customer's payment: links, QR codes, initiate payment, pages" },
  { name: 'sandbox', description: 'Simulation controls and the sandbox bank (SANDBOX=true only)' },
  { name: 'admin', description: 'Operator API: partners, terminals, API keys' },
  { name: 'operations', description: 'Health, metrics and this document' },
  { name: 'portal', description: 'The partner portal: server-rendered pages under /portal' },
  { name: 'webhooks', description: 'What the service POSTs to a webhook URL (API.md 8)' },
];

/** A copy of a route schema with each documented-only pattern made a `pattern` (schemas.ts, DOCUMENTED_PATTERN). */
function withDocumentedPatterns(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withDocumentedPatterns);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === DOCUMENTED_PATTERN) out.pattern = value;
    else out[key] = withDocumentedPatterns(value);
  }
  return out;
}

/** `https`: whether the service is reached over https (PUBLIC_URL); only then may the docs' CSP upgrade requests. */
export async function registerOpenApi(
  app: FastifyInstance,
  version: string,
  publicUrl: string,
  https: boolean,
): Promise<void> {
  const facts = new Map<string, RouteFacts>();
  await app.register(swagger, {
    transform: ({ schema, url, route }) => {
      const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      for (const method of [route.method].flat()) {
        facts.set(`${method} ${path}`, {
          idempotent: route.config?.idempotencyKey === true,
          limited: securityFor(url) !== undefined || route.config?.linkGuessing === true,
          takesInput: Boolean(
            schema && ['params', 'querystring', 'body', 'headers'].some((k) => k in schema),
          ),
          ...(schema?.consumes && !schema.body ? { consumesWithoutSchema: [...schema.consumes] } : {}),
        });
      }
      return { schema: withDocumentedPatterns(schema) as typeof schema, url };
    },
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? (completeDocument(documentObject.openapiObject as unknown as Document, {
            publicUrl,
            facts,
            webhooks: webhooksDocument(),
          }) as unknown as typeof documentObject.openapiObject)
        : documentObject.swaggerObject,
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'paybank',
        version,
        description:
          'Pay-by-bank payments: links, QR codes, refunds, recurring payments and a partner API. ' +
          'The contract is docs/api.md. Throughout: unknown body fields are ignored (removed), a JSON body ' +
          'sent to an operation that takes none is ignored, and no string may hold the NUL character ' +
          '(U+0000), which is a 400 (or a 404 in a path).',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      tags: TAGS,
      components: {
        securitySchemes: {
          merchantIntegration: { type: 'apiKey', in: 'header', name: 'integration-id' },
          merchantSecret: { type: 'apiKey', in: 'header', name: 'secret-key' },
          terminalId: { type: 'apiKey', in: 'header', name: 'terminal-id' },
          terminalSecret: { type: 'apiKey', in: 'header', name: 'terminal-secret' },
          partnerSecret: { type: 'apiKey', in: 'header', name: 'apisecret' },
          adminToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // On a plain-http host the upgrade made the browser fetch the assets over https: a blank page.
    transformStaticCSP: (header) => (https ? header : header.replace(/\s*upgrade-insecure-requests;?/g, '')),
  });
  app.get(
    '/openapi.json',
    {
      schema: {
        tags: ['operations'],
        summary: 'This OpenAPI 3.1 document',
        response: { 200: { description: 'the document', type: 'object', additionalProperties: true } },
      },
    },
    async () => app.swagger(),
  );
}

/** Security requirement per route prefix, added to every operation so that the document says which keys. */
export function securityFor(url: string): Array<Record<string, string[]>> | undefined {
  if (url.startsWith('/merchant/')) return [{ merchantIntegration: [], merchantSecret: [] }];
  if (url.startsWith('/terminal/')) return [{ terminalId: [], terminalSecret: [] }];
  if (url.startsWith('/partner/')) return [{ partnerSecret: [] }];
  if (url.startsWith('/admin/')) return [{ adminToken: [] }];
  return undefined;
}
