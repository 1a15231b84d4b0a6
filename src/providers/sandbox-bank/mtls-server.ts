// The sandbox bank's own HTTPS server with client certificates (API.md 10.3): its server certificate
// and CA from the sandbox PKI; a client certificate is asked for on every connection and checked by
// each endpoint, which answers its absence with the Open Banking (or OAuth) error.
import formbody from '@fastify/formbody';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { namePluginsOnRegister } from '../../http/plugin-names.js';
import { registerSerialization, registerValidation } from '../../http/validation.js';
import type { SandboxPki } from './pki.js';
import { sandboxBankApiPlugin } from './plugin.js';
import type { SandboxBank } from './sandbox-bank.js';

export async function buildSandboxBankMtls(
  bank: SandboxBank,
  pki: SandboxPki,
  logger: FastifyBaseLogger,
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    https: {
      key: pki.bankKey,
      cert: pki.bankCert,
      ca: pki.caCert,
      requestCert: true,
      rejectUnauthorized: false,
    },
    routerOptions: { ignoreTrailingSlash: true },
  });
  namePluginsOnRegister(app);
  // The app's validator and serialiser compilers, as every route of the main app has: a Fastify
  // instance's own Ajv compiled its meta-schema first, a twentieth of every app build under tests. The
  // Open Banking routes bring validators of their own (ob/validation.ts); what this changes is the token
  // endpoint's form (all strings): a NUL is refused, and every error is named, not the first.
  registerValidation(app, []);
  registerSerialization(app, []);
  app.removeContentTypeParser('text/plain');
  await app.register(formbody);
  await app.register(sandboxBankApiPlugin, { bank });
  return app;
}
