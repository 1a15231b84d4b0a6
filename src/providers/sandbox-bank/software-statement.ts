// The test directory's software statement for paybank (API.md 10.3): what the Open Banking directory
// would issue, signed by the directory key of the sandbox PKI. It names paybank's organisation and
// software, the redirect URIs it may register and its public signing keys (inline, as the sandbox has
// no directory web server for software_jwks_endpoint).
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { signingKeyOf } from '../open-banking/signing-key.js';
import { SANDBOX_ORG_ID, SANDBOX_SOFTWARE_ID, sandboxPki } from './pki.js';

export const SANDBOX_DIRECTORY = 'paybank sandbox directory';

export async function sandboxSoftwareStatement(
  dataDir: string,
  redirectUris: string[],
  now: Date,
): Promise<string> {
  const pki = await sandboxPki(dataDir);
  const directory = await signingKeyOf(pki.directorySigningKey);
  const paybank = await signingKeyOf(pki.paybankSigningKey);
  return new SignJWT({
    org_id: SANDBOX_ORG_ID,
    org_name: 'paybank (sandbox)',
    software_id: SANDBOX_SOFTWARE_ID,
    software_client_id: SANDBOX_SOFTWARE_ID,
    software_client_name: 'paybank',
    software_roles: ['PISP', 'AISP'],
    software_redirect_uris: redirectUris,
    software_jwks: { keys: [paybank.publicJwk] },
  })
    .setProtectedHeader({ alg: 'PS256', kid: directory.kid, typ: 'JWT' })
    .setIssuer(SANDBOX_DIRECTORY)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setJti(randomUUID())
    .sign(directory.key);
}
