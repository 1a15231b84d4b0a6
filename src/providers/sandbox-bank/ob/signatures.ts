// Message signing at the sandbox bank's Payment Initiation API (API.md 10.3): every POST must carry an
// x-jws-signature by the calling client's registered key over the exact body bytes (else 400
// UK.OBIE.Signature.*), and every answer with a body is signed by the bank's own key.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignatureError, signDetached, verifyDetached } from '../../open-banking/detached-jws.js';
import { findClient } from '../oauth/clients.js';
import type { SandboxBank } from '../sandbox-bank.js';
import { badRequest } from './errors.js';
import { tokenFor } from './guard.js';

/** The Read/Write API version the sandbox bank speaks: detached signatures without b64. */
export const SANDBOX_API_VERSION = '3.1.10';
export const SANDBOX_BANK_ORG_ID = 'sandbox-bank';
export const TRUST_ANCHOR = 'openbanking.org.uk';

const rawBodies = new WeakMap<FastifyRequest, string>();

export function useMessageSigning(app: FastifyInstance, bank: SandboxBank): void {
  // The signature covers the bytes as sent, not a re-serialisation of the parsed body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    rawBodies.set(request, body as string);
    parseJson(request, body as string, done);
  });

  app.addHook('preValidation', async (request) => {
    if (request.method !== 'POST') return;
    const client = await findClient(bank, tokenFor(request).client_id);
    if (!client) throw badRequest('UK.OBIE.Signature.Invalid', 'the signing client is unknown');
    const header = request.headers['x-jws-signature'];
    try {
      await verifyDetached(typeof header === 'string' ? header : undefined, rawBodies.get(request) ?? '', {
        keys: await client.keys(),
        iss: client.signatureIss,
        tan: TRUST_ANCHOR,
        apiVersion: SANDBOX_API_VERSION,
        now: bank.clock.now(),
      });
    } catch (err) {
      if (!(err instanceof SignatureError)) throw err;
      throw badRequest(`UK.OBIE.Signature.${err.problem}`, err.message);
    }
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload !== 'string' || payload === '' || reply.statusCode >= 300) return payload;
    const signing = await bank.options.signingKey();
    const signature = await signDetached(
      payload,
      {
        key: signing.key,
        kid: signing.kid,
        iss: SANDBOX_BANK_ORG_ID,
        tan: TRUST_ANCHOR,
        apiVersion: SANDBOX_API_VERSION,
      },
      bank.clock.now(),
    );
    reply.header('x-jws-signature', signature);
    return payload;
  });
}
