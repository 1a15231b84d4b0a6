// What paybank holds for one bank, read from the files its configuration names (API.md 10.1): the
// transport certificate and key for mutual TLS, the CA bundle the bank's certificates are checked
// against, and the PS256 signing key. Read once at start; an Error names the bank's field at fault.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { OpenBankingProviderConfig } from './provider-config.js';
import { readSigningKey, type SigningKey } from './signing-key.js';

export interface ObCredentials {
  /** PEM texts for undici's connect options. */
  tls: { cert: string; key: string; ca?: string };
  signing: SigningKey;
}

export class CredentialsError extends Error {}

async function pem(bank: OpenBankingProviderConfig, field: string, file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    throw new CredentialsError(
      `${bank.id}: ${field} ${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}

export async function loadCredentials(bank: OpenBankingProviderConfig): Promise<ObCredentials> {
  const cert = await pem(bank, 'transportCertFile', bank.transportCertFile);
  const key = await pem(bank, 'transportKeyFile', bank.transportKeyFile);
  const ca = bank.caFile ? await pem(bank, 'caFile', bank.caFile) : undefined;
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch {
    throw new CredentialsError(
      `${bank.id}: transportCertFile ${bank.transportCertFile} is not a PEM certificate`,
    );
  }
  let matches = false;
  try {
    matches = certificate.checkPrivateKey(createPrivateKey(key));
  } catch {
    throw new CredentialsError(
      `${bank.id}: transportKeyFile ${bank.transportKeyFile} is not a PEM private key`,
    );
  }
  if (!matches) {
    throw new CredentialsError(
      `${bank.id}: transportKeyFile ${bank.transportKeyFile} is not the key of transportCertFile`,
    );
  }
  let signing: SigningKey;
  try {
    signing = await readSigningKey(bank.signingKeyFile, bank.signingKid);
  } catch (err) {
    throw new CredentialsError(`${bank.id}: signingKeyFile ${(err as Error).message}`);
  }
  return { tls: { cert, key, ...(ca ? { ca } : {}) }, signing };
}
