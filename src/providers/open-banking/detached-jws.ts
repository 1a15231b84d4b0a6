// x-jws-signature (Open Banking Read/Write API "Message Signing"): a PS256 JWS over the exact bytes of a
// message body, sent with its payload cut out (`<protected>..<signature>`). Its protected header names
// the signer (`kid`, `http://openbanking.org.uk/iss`), when (`/iat`) and the trust anchor (`/tan`),
// all listed in `crit`. Up to version 3.1.3 the payload is unencoded (`b64: false`, RFC 7797); from
// 3.1.4 on `b64` must be absent. The bank and paybank sign and check with these two functions.

import type { KeyObject } from 'node:crypto';
import {
  createLocalJWKSet,
  type FlattenedJWSInput,
  FlattenedSign,
  flattenedVerify,
  type JSONWebKeySet,
} from 'jose';

export const OB_IAT = 'http://openbanking.org.uk/iat';
export const OB_ISS = 'http://openbanking.org.uk/iss';
export const OB_TAN = 'http://openbanking.org.uk/tan';
const OB_CLAIMS = [OB_IAT, OB_ISS, OB_TAN];
/** jose's list of the critical header parameters we understand. */
const CRIT = Object.fromEntries(OB_CLAIMS.map((c) => [c, true]));

/** Whether a Read/Write API version signs with an unencoded payload (b64: false): 3.1.3 and earlier. */
export function unencodedPayload(apiVersion: string): boolean {
  const [major = 0, minor = 0, patch = 0] = apiVersion.split('.').map(Number);
  return major < 3 || (major === 3 && (minor < 1 || (minor === 1 && patch <= 3)));
}

export interface Signer {
  key: KeyObject;
  kid: string;
  /** `<orgId>/<softwareId>` for a TPP, the ASPSP's org id for a bank. */
  iss: string;
  tan: string;
  apiVersion: string;
}

export async function signDetached(body: string, signer: Signer, now: Date): Promise<string> {
  const b64 = !unencodedPayload(signer.apiVersion);
  const jws = await new FlattenedSign(Buffer.from(body, 'utf8'))
    .setProtectedHeader({
      alg: 'PS256',
      kid: signer.kid,
      typ: 'JOSE',
      cty: 'application/json',
      ...(b64 ? {} : { b64: false }),
      [OB_IAT]: Math.floor(now.getTime() / 1000),
      [OB_ISS]: signer.iss,
      [OB_TAN]: signer.tan,
      crit: [...(b64 ? [] : ['b64']), ...OB_CLAIMS],
    })
    .sign(signer.key, { crit: CRIT });
  return `${jws.protected}..${jws.signature}`;
}

export type SignatureProblem = 'Missing' | 'Malformed' | 'Invalid' | 'InvalidClaim' | 'MissingClaim';

export class SignatureError extends Error {
  constructor(
    readonly problem: SignatureProblem,
    message: string,
  ) {
    super(message);
    this.name = 'SignatureError';
  }
}

export interface Expectations {
  keys: JSONWebKeySet;
  /** The signer's `http://openbanking.org.uk/iss`; unchecked (only required) when not known. */
  iss?: string;
  tan: string;
  apiVersion: string;
  now: Date;
  /** How far iat may be from now (default one hour behind, a minute ahead). */
  maxAgeS?: number;
}

/** Checks a detached signature over the body; a SignatureError names the Open Banking error. */
export async function verifyDetached(
  header: string | undefined,
  body: string,
  expected: Expectations,
): Promise<void> {
  if (!header) throw new SignatureError('Missing', 'x-jws-signature is missing');
  const parts = header.split('.');
  if (parts.length !== 3 || parts[1] !== '' || !parts[0] || !parts[2]) {
    throw new SignatureError(
      'Malformed',
      'x-jws-signature must be a detached JWS (<protected>..<signature>)',
    );
  }
  let protectedHeader: Record<string, unknown>;
  try {
    protectedHeader = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    throw new SignatureError('Malformed', 'the protected header of x-jws-signature is not JSON');
  }
  if (protectedHeader.alg !== 'PS256')
    throw new SignatureError('Malformed', 'x-jws-signature must use PS256');
  if (typeof protectedHeader.kid !== 'string') throw new SignatureError('MissingClaim', 'kid is missing');
  const unencoded = unencodedPayload(expected.apiVersion);
  if (unencoded && protectedHeader.b64 !== false) {
    throw new SignatureError('InvalidClaim', `b64 must be false for API version ${expected.apiVersion}`);
  }
  if (!unencoded && protectedHeader.b64 !== undefined) {
    throw new SignatureError(
      'InvalidClaim',
      `b64 must be absent from API version 3.1.4 (${expected.apiVersion})`,
    );
  }
  for (const claim of OB_CLAIMS) {
    if (protectedHeader[claim] === undefined) throw new SignatureError('MissingClaim', `${claim} is missing`);
  }
  const crit = Array.isArray(protectedHeader.crit) ? protectedHeader.crit : [];
  if (!OB_CLAIMS.every((c) => crit.includes(c))) {
    throw new SignatureError('MissingClaim', 'crit must list the Open Banking claims');
  }
  if (expected.iss !== undefined && protectedHeader[OB_ISS] !== expected.iss) {
    throw new SignatureError(
      'InvalidClaim',
      `${OB_ISS} is not the signer's (${String(protectedHeader[OB_ISS])})`,
    );
  }
  if (protectedHeader[OB_TAN] !== expected.tan)
    throw new SignatureError('InvalidClaim', `${OB_TAN} is not ${expected.tan}`);
  const iat = protectedHeader[OB_IAT];
  const now = expected.now.getTime() / 1000;
  if (typeof iat !== 'number' || iat > now + 60 || iat < now - (expected.maxAgeS ?? 3600)) {
    throw new SignatureError('InvalidClaim', `${OB_IAT} is not a recent time`);
  }
  const jws: FlattenedJWSInput = {
    protected: parts[0],
    signature: parts[2],
    payload: unencoded ? body : Buffer.from(body, 'utf8').toString('base64url'),
  };
  try {
    await flattenedVerify(jws, createLocalJWKSet(expected.keys), {
      algorithms: ['PS256'],
      crit: CRIT,
    });
  } catch {
    throw new SignatureError('Invalid', 'x-jws-signature does not verify over the body');
  }
}
