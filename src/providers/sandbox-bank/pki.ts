// The sandbox's test PKI (API.md 10.3): a directory CA, the sandbox bank's server certificate,
// paybank's transport certificate and signing key, the bank's signing key and the directory's key
// that signs software statements. Made once in DATA_DIR/pki/ (mode 0700) and read from there after;
// built with @peculiar/x509 over node's webcrypto, because a user's machine may have no openssl.
import { generateKeyPair, randomBytes, webcrypto } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
// @peculiar/x509 resolves its services through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

type KeyPair = webcrypto.CryptoKeyPair;

/** paybank's identity in the sandbox directory (API.md 10.3). */
export const SANDBOX_ORG_ID = 'paybank-sandbox';
export const SANDBOX_SOFTWARE_ID = 'paybank';

/** Every file of the PKI, as PEM text. */
export interface SandboxPki {
  dir: string;
  caCert: string;
  caKey: string;
  bankCert: string;
  bankKey: string;
  transportCert: string;
  transportKey: string;
  paybankSigningKey: string;
  bankSigningKey: string;
  directorySigningKey: string;
}

const FILES = {
  caCert: 'ca.crt',
  caKey: 'ca.key',
  bankCert: 'sandbox-bank.crt',
  bankKey: 'sandbox-bank.key',
  transportCert: 'paybank-transport.crt',
  transportKey: 'paybank-transport.key',
  paybankSigningKey: 'paybank-signing.key',
  bankSigningKey: 'sandbox-bank-signing.key',
  directorySigningKey: 'directory-signing.key',
} as const satisfies Record<Exclude<keyof SandboxPki, 'dir'>, string>;

type PkiFiles = Omit<SandboxPki, 'dir'>;

const SIGNING = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const YEAR_MS = 365 * 24 * 3600 * 1000;
const generate = promisify(generateKeyPair);

async function rsaPem(): Promise<string> {
  const { privateKey } = await generate('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return privateKey;
}

async function keysOf(pem: string): Promise<KeyPair> {
  const der = Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  const privateKey = await webcrypto.subtle.importKey('pkcs8', der, SIGNING, true, ['sign']);
  const jwk = await webcrypto.subtle.exportKey('jwk', privateKey);
  const publicKey = await webcrypto.subtle.importKey(
    'jwk',
    { kty: jwk.kty, n: jwk.n, e: jwk.e, alg: jwk.alg, ext: true },
    SIGNING,
    true,
    ['verify'],
  );
  return { privateKey, publicKey };
}

const serial = () => `01${randomBytes(15).toString('hex')}`;

async function issue(
  name: string,
  subjectKey: KeyPair,
  issuer: { name: string; keys: KeyPair } | undefined,
  extensions: x509.Extension[],
): Promise<string> {
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: name,
    issuer: issuer?.name ?? name,
    notBefore: new Date(now - 3600_000),
    notAfter: new Date(now + 10 * YEAR_MS),
    signingAlgorithm: SIGNING,
    publicKey: subjectKey.publicKey,
    signingKey: (issuer?.keys ?? subjectKey).privateKey,
    extensions: [...extensions, await x509.SubjectKeyIdentifierExtension.create(subjectKey.publicKey)],
  });
  return cert.toString('pem');
}

async function create(): Promise<PkiFiles> {
  const [caKey, bankKey, transportKey, paybankSigningKey, bankSigningKey, directorySigningKey] =
    await Promise.all([rsaPem(), rsaPem(), rsaPem(), rsaPem(), rsaPem(), rsaPem()]);
  const ca = { name: 'CN=paybank sandbox directory CA, O=paybank sandbox', keys: await keysOf(caKey) };
  const leaf = (usage: string) => [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.KeyUsagesExtension(
      x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment,
      true,
    ),
    new x509.ExtendedKeyUsageExtension([usage]),
  ];
  return {
    caKey,
    caCert: await issue(ca.name, ca.keys, undefined, [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ]),
    bankKey,
    bankCert: await issue('CN=sandbox-bank', await keysOf(bankKey), ca, [
      ...leaf(x509.ExtendedKeyUsage.serverAuth),
      new x509.SubjectAlternativeNameExtension([
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
        { type: 'ip', value: '::1' },
      ]),
    ]),
    transportKey,
    transportCert: await issue(
      `CN=${SANDBOX_SOFTWARE_ID}, OU=${SANDBOX_ORG_ID}, O=paybank sandbox`,
      await keysOf(transportKey),
      ca,
      leaf(x509.ExtendedKeyUsage.clientAuth),
    ),
    paybankSigningKey,
    bankSigningKey,
    directorySigningKey,
  };
}

/** Another transport certificate from the directory's CA (another TPP, or a test's second client). */
export async function issueClientCertificate(
  pki: SandboxPki,
  subject: string,
): Promise<{ cert: string; key: string }> {
  const key = await rsaPem();
  const ca = { name: new x509.X509Certificate(pki.caCert).subject, keys: await keysOf(pki.caKey) };
  const cert = await issue(subject, await keysOf(key), ca, [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
  ]);
  return { cert, key };
}

async function read(dir: string): Promise<PkiFiles | undefined> {
  try {
    const entries = await Promise.all(
      Object.entries(FILES).map(async ([name, file]) => [name, await readFile(path.join(dir, file), 'utf8')]),
    );
    return Object.fromEntries(entries) as PkiFiles;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Written beside the final directory and renamed into place, so that a reader sees all or nothing. */
async function write(dir: string, files: PkiFiles): Promise<void> {
  const staging = `${dir}.${randomBytes(6).toString('hex')}`;
  await mkdir(staging, { recursive: true, mode: 0o700 });
  await chmod(staging, 0o700);
  for (const [name, file] of Object.entries(FILES)) {
    await writeFile(path.join(staging, file), files[name as keyof PkiFiles], { mode: 0o600 });
  }
  try {
    await rename(staging, dir);
  } catch (err) {
    // Another process made it first: theirs is kept.
    await rm(staging, { recursive: true, force: true });
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
  }
}

const loading = new Map<string, Promise<SandboxPki>>();

/** The PKI under dataDir/pki, created on first use. */
export function sandboxPki(dataDir: string): Promise<SandboxPki> {
  const dir = path.join(dataDir, 'pki');
  let pki = loading.get(dir);
  if (!pki) {
    pki = (async () => {
      let files = await read(dir);
      if (!files) {
        await mkdir(dataDir, { recursive: true });
        await write(dir, await create());
        files = await read(dir);
        if (!files) throw new Error(`the sandbox PKI in ${dir} could not be read back`);
      }
      return { dir, ...files };
    })();
    pki.catch(() => loading.delete(dir));
    loading.set(dir, pki);
  }
  return pki;
}
