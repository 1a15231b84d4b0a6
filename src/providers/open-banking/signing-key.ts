// paybank's PS256 signing key at one bank (request objects, private_key_jwt, x-jws-signature), read
// from its PEM file with jose. A key that is not RSA cannot sign PS256, and is refused at start.
import { createPrivateKey, createPublicKey, type KeyObject, type webcrypto } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { calculateJwkThumbprint, exportJWK, importPKCS8, type JWK } from 'jose';

/** The public half of a signing key, as published at /.well-known/jwks.json. */
export interface PublicJwk extends JWK {
  kty: string;
  kid: string;
  use: 'sig';
  alg: 'PS256';
  n: string;
  e: string;
}

export interface SigningKey {
  key: KeyObject;
  kid: string;
  publicJwk: PublicJwk;
}

/** The key in a PKCS#8 PEM; kid defaults to its RFC 7638 thumbprint. */
export async function signingKeyOf(pem: string, kid?: string): Promise<SigningKey> {
  const key = createPrivateKey({ key: pem, format: 'pem' });
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`a ${key.asymmetricKeyType ?? 'secret'} key`);
  const jwk = await exportJWK(createPublicKey(key));
  if (jwk.kty !== 'RSA' || !jwk.n || !jwk.e) throw new Error('not an RSA key');
  const id = kid ?? (await calculateJwkThumbprint(jwk));
  return { key, kid: id, publicJwk: { kty: jwk.kty, n: jwk.n, e: jwk.e, kid: id, use: 'sig', alg: 'PS256' } };
}

/** The key in a file; the Error names the file and what is wrong with it. */
export async function readSigningKey(file: string, kid?: string): Promise<SigningKey> {
  let pem: string;
  try {
    pem = await readFile(file, 'utf8');
  } catch (err) {
    throw new Error(`cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    return await signingKeyOf(pem, kid);
  } catch (err) {
    throw new Error(`${file} is not a PKCS#8 RSA private key for PS256 (${(err as Error).message})`);
  }
}

/** The key as a WebCrypto RSA-PSS/SHA-256 key, the form openid-client signs with (alg PS256). */
export function cryptoKeyOf(signing: SigningKey): Promise<webcrypto.CryptoKey> {
  const pem = signing.key.export({ type: 'pkcs8', format: 'pem' }).toString();
  return importPKCS8(pem, 'PS256');
}
