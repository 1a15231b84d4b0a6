// The id_token of the bank's hybrid-flow answer (API.md 10.2), checked before its code is exchanged:
// PS256 by one of the bank's keys, from its issuer, for our client, alive and recent, with our nonce,
// the consent as openbanking_intent_id, and c_hash and s_hash matching the code and state it came with.
import { createHash } from 'node:crypto';
import { createLocalJWKSet, errors, type JSONWebKeySet, jwtVerify } from 'jose';
import { BankError } from '../bank-error.js';

/** An id_token issued longer ago than this is refused, whatever its exp says. */
export const ID_TOKEN_MAX_AGE_S = 3600;

export interface IdTokenExpectations {
  issuer: string;
  clientId: string;
  nonce: string;
  consentId: string;
  code: string;
  state: string;
  now: Date;
}

const halfHash = (value: string) =>
  createHash('sha256').update(value).digest().subarray(0, 16).toString('base64url');

const refused = (why: string) => new BankError('authorisation_failed', `the bank's id_token ${why}`);

/** Resolves when the id_token passes every check; a BankError (authorisation_failed) says which failed. */
export async function checkIdToken(
  idToken: string | null,
  expected: IdTokenExpectations,
  keys: (refresh: boolean) => Promise<JSONWebKeySet>,
): Promise<void> {
  if (!idToken) throw refused('is missing (response_type code id_token)');
  const verify = async (jwks: JSONWebKeySet) =>
    jwtVerify(idToken, createLocalJWKSet(jwks), {
      algorithms: ['PS256'],
      issuer: expected.issuer,
      audience: expected.clientId,
      currentDate: expected.now,
      maxTokenAge: ID_TOKEN_MAX_AGE_S,
      requiredClaims: ['iss', 'aud', 'exp', 'iat', 'nonce', 'c_hash'],
    });
  let payload: Awaited<ReturnType<typeof verify>>['payload'];
  try {
    try {
      ({ payload } = await verify(await keys(false)));
    } catch (err) {
      // A key the bank rolled since we read its JWKS: read it once more.
      if (!(err instanceof errors.JWKSNoMatchingKey)) throw err;
      ({ payload } = await verify(await keys(true)));
    }
  } catch (err) {
    if (err instanceof BankError) throw err;
    if (err instanceof errors.JOSEAlgNotAllowed) throw refused('is not signed with PS256');
    if (err instanceof errors.JWTExpired) throw refused('has expired');
    if (err instanceof errors.JWTClaimValidationFailed) throw refused(`has a bad ${err.claim} claim`);
    throw refused('is not signed by the bank');
  }
  if (payload.nonce !== expected.nonce) throw refused('carries another nonce');
  if (payload.openbanking_intent_id !== expected.consentId) throw refused('names another consent');
  if (payload.c_hash !== halfHash(expected.code)) throw refused('does not match the code (c_hash)');
  if (payload.s_hash !== halfHash(expected.state)) throw refused('does not match the state (s_hash)');
}
