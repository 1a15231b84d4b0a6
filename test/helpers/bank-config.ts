// Banks configured by hand in tests (API.md 10.1): paybank's files come from the sandbox PKI of the
// test process's DATA_DIR, so that every entry names readable, matching certificates and keys.

import type { ObCredentials } from '../../src/providers/open-banking/credentials.js';
import { loadCredentials } from '../../src/providers/open-banking/credentials.js';
import { sandboxProviderConfig } from '../../src/providers/open-banking/provider-config.js';
import { readSigningKey, type SigningKey } from '../../src/providers/open-banking/signing-key.js';
import { sandboxPki } from '../../src/providers/sandbox-bank/index.js';
import { TEST_DATA_DIR } from './data-dir.js';

export { TEST_DATA_DIR };

/** The files and identity fields every OPEN_BANKING_PROVIDERS entry needs; the PKI is made first. */
export async function bankFiles(dataDir = TEST_DATA_DIR) {
  await sandboxPki(dataDir);
  const pki = `${dataDir}/pki`;
  return {
    transportCertFile: `${pki}/paybank-transport.crt`,
    transportKeyFile: `${pki}/paybank-transport.key`,
    caFile: `${pki}/ca.crt`,
    signingKeyFile: `${pki}/paybank-signing.key`,
    signingKid: 'paybank-kid',
    orgId: 'paybank-org',
    softwareId: 'paybank-software',
  };
}

/** paybank's credentials at the sandbox bank, as the adapter loads them. */
export async function sandboxCredentials(dataDir = TEST_DATA_DIR): Promise<ObCredentials> {
  await sandboxPki(dataDir);
  return loadCredentials(sandboxProviderConfig('http://127.0.0.1/sandbox-bank', dataDir));
}

export async function testSigningKey(dataDir = TEST_DATA_DIR): Promise<SigningKey> {
  return readSigningKey((await bankFiles(dataDir)).signingKeyFile, 'test-kid');
}
