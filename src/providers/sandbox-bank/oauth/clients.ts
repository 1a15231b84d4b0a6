// The sandbox bank's OAuth clients: who may call it, how it proves who it is (its transport
// certificate, or an assertion signed with its registered key), back to which redirect URIs.
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import type { SandboxBank, SandboxBankClient } from '../sandbox-bank.js';
import type { ClientCertificate } from './client-certificate.js';

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** A client configured with the bank (the standalone bank's), else one registered at /register. */
export async function findClient(
  bank: Pick<SandboxBank, 'db' | 'options'>,
  clientId: string,
): Promise<SandboxBankClient | undefined> {
  const configured = bank.options.clients.find((c) => c.id === clientId);
  if (configured) return configured;
  const row = await bank.db
    .selectFrom('sandbox_bank_clients')
    .selectAll()
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!row) return undefined;
  const jwks = JSON.parse(row.jwks) as JSONWebKeySet;
  return {
    id: row.client_id,
    subject: { CN: row.software_id, OU: row.org_id },
    signatureIss: `${row.org_id}/${row.software_id}`,
    keys: async () => jwks,
    redirectUriPrefixes: JSON.parse(row.redirect_uris) as string[],
  };
}

/** tls_client_auth (RFC 8705 2.1.2): the certificate carries the subject the client registered. */
export function certificateIsTheClients(client: SandboxBankClient, cert: ClientCertificate): boolean {
  return cert.subject.CN === client.subject.CN && cert.subject.OU === client.subject.OU;
}

/** private_key_jwt: a PS256 assertion by the client's registered key, for this token endpoint, alive. */
export async function assertionIsTheClients(
  client: SandboxBankClient,
  assertion: string,
  audiences: string[],
  now: Date,
): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(assertion, createLocalJWKSet(await client.keys()), {
      algorithms: ['PS256'],
      issuer: client.id,
      subject: client.id,
      audience: audiences,
      currentDate: now,
      requiredClaims: ['exp', 'jti'],
    });
    return typeof payload.exp === 'number' && payload.exp - now.getTime() / 1000 <= 3600;
  } catch {
    return false;
  }
}

/** Exact origin, and a path under the registered prefix's path: no look-alike hosts or ports. */
export function redirectAllowed(client: SandboxBankClient, redirectUri: string): boolean {
  let target: URL;
  try {
    target = new URL(redirectUri);
  } catch {
    return false;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  if (target.username || target.password || target.hash) return false;
  return client.redirectUriPrefixes.some((prefix) => {
    const allowed = new URL(prefix);
    const path = allowed.pathname.endsWith('/') ? allowed.pathname : `${allowed.pathname}/`;
    return (
      target.origin === allowed.origin &&
      (allowed.pathname === '/' || target.pathname === allowed.pathname || target.pathname.startsWith(path))
    );
  });
}
