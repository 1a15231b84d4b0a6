// The sandbox bank's OAuth2 tokens and authorization codes. Only SHA-256 hashes are stored.
import { createHash, randomBytes } from 'node:crypto';
import type { SandboxBankDeps } from '../sandbox-bank.js';
import type { SandboxTokenTable } from '../sandbox-bank.row.js';

export type TokenKind = 'access' | 'refresh' | 'code';

export const ACCESS_TOKEN_TTL_S = 3600;
export const CODE_TTL_S = 600;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(
  bank: SandboxBankDeps,
  input: {
    kind: TokenKind;
    clientId: string;
    scope: string;
    consentId?: string | null;
    redirectUri?: string | null;
    /** The client certificate the token is bound to (access and refresh tokens). */
    certThumbprint?: string | null;
    /** Codes: the authorisation's nonce. */
    nonce?: string | null;
    /** null: valid as long as its consent. */
    expiresAt: string | null;
  },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await bank.db
    .insertInto('sandbox_bank_tokens')
    .values({
      token_hash: hashOf(token),
      kind: input.kind,
      client_id: input.clientId,
      scope: input.scope,
      consent_id: input.consentId ?? null,
      redirect_uri: input.redirectUri ?? null,
      expires_at: input.expiresAt,
      used_at: null,
      created_at: bank.clock.now().toISOString(),
      cert_thumbprint: input.certThumbprint ?? null,
      nonce: input.nonce ?? null,
    })
    .execute();
  return token;
}

/** A live token of the kind, or undefined (unknown, expired or, for a code, already used). */
export async function findToken(
  bank: SandboxBankDeps,
  token: string,
  kind: TokenKind,
): Promise<SandboxTokenTable | undefined> {
  const row = await bank.db
    .selectFrom('sandbox_bank_tokens')
    .selectAll()
    .where('token_hash', '=', hashOf(token))
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row || row.used_at !== null) return undefined;
  if (row.expires_at !== null && row.expires_at <= bank.clock.now().toISOString()) return undefined;
  return row;
}

/** Marks a code used; false when it already was (a code works once). */
export async function useCode(bank: SandboxBankDeps, code: string): Promise<boolean> {
  const result = await bank.db
    .updateTable('sandbox_bank_tokens')
    .set({ used_at: bank.clock.now().toISOString() })
    .where('token_hash', '=', hashOf(code))
    .where('kind', '=', 'code')
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function expiresIn(bank: SandboxBankDeps, seconds: number): string {
  return new Date(bank.clock.now().getTime() + seconds * 1000).toISOString();
}
