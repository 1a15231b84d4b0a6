// The ob-sandbox bank reached as the service reaches it: the Open Banking adapter over a real socket
// (every Open Banking response validated against the official specification), plus the sandbox
// controls a test uses instead of a browser.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { type JWTPayload, SignJWT } from 'jose';
import { Agent, type Dispatcher } from 'undici';
import type { AccountRef, AuthorisationCompletion, BankProvider } from '../../src/providers/bank-provider.js';
import { createBankRegistry } from '../../src/providers/bank-registry.js';
import { type Signer, signDetached } from '../../src/providers/open-banking/detached-jws.js';
import { signingKeyOf } from '../../src/providers/open-banking/signing-key.js';
import { runSandboxBank, sandboxPki } from '../../src/providers/sandbox-bank/index.js';
import { sandboxCredentials } from './bank-config.js';
import { buildListeningApp, type ListeningApp } from './listening-app.js';
import { type ValidatingDispatcher, validatingDispatcher } from './validating-dispatcher.js';

export const ALICE: AccountRef = { sortCode: '990001', accountNumber: '10000001', name: 'Alice Smith' };
export const BOB: AccountRef = { sortCode: '990001', accountNumber: '10000002', name: 'Bob Jones' };
export const CAROL: AccountRef = { sortCode: '990001', accountNumber: '10000004', name: 'Carol Lowe' };
export const ALICE_ID = 'd3e0c0000000000000000001';
export const CAROL_ID = 'd3e0c0000000000000000003';
/** A merchant account the sandbox bank does not hold until it is first paid. */
export const MERCHANT: AccountRef = {
  sortCode: '401234',
  accountNumber: '12345678',
  name: 'Acme Widgets Ltd',
};

export interface SandboxAccount {
  id: string;
  customerId: string;
  name: string;
  sortCode: string;
  accountNumber: string;
  balance: string;
}

export interface BankWorld extends ListeningApp {
  bank: TestBank;
  dispatcher: ValidatingDispatcher;
  redirectUri: string;
  /** POST /sandbox/v1/authorizations/approve; the redirect URL it answers. */
  approve(authorizationUrl: string, customerId?: string): Promise<URL>;
  reject(authorizationUrl: string): Promise<URL>;
  accounts(): Promise<SandboxAccount[]>;
  /** Balance in pence of an account, 0 when the bank does not hold it. */
  balance(account: AccountRef): Promise<number>;
  /** The sandbox bank's periodic job, as the scheduler would run it. */
  runBank(): Promise<void>;
}

/** An undici Agent presenting paybank's transport certificate of the sandbox PKI (mutual TLS). */
export async function paybankAgent(dataDir: string): Promise<Agent> {
  const { tls } = await sandboxCredentials(dataDir);
  return new Agent({ connect: tls });
}

export async function bankWorld(t: TestContext, env: Record<string, string> = {}): Promise<BankWorld> {
  const app = await buildListeningApp(t, env);
  const dispatcher = validatingDispatcher(t, await paybankAgent(app.config.dataDir));
  const registry = await createBankRegistry(app.config, {
    db: app.deps.db,
    clock: app.clock,
    secrets: app.deps.secrets,
    dispatcher,
    backoffMs: 10,
  });
  t.after(() => registry.close());
  const decide = async (path: string, payload: object) => {
    const res = await app.call({ method: 'POST', url: `/sandbox/v1/authorizations/${path}`, payload });
    assert.equal(res.statusCode, 200, res.body);
    return new URL(res.json().redirectUrl);
  };
  const accounts = async () => {
    const res = await app.call({ method: 'GET', url: '/sandbox/v1/accounts' });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data as SandboxAccount[];
  };
  return {
    ...app,
    bank: testBank(registry.get('ob-sandbox')),
    dispatcher,
    redirectUri: `${app.baseUrl}/public/v1/return`,
    approve: (authorizationUrl, customerId) =>
      decide('approve', { authorizationUrl, ...(customerId ? { customerId } : {}) }),
    reject: (authorizationUrl) => decide('reject', { authorizationUrl }),
    accounts,
    async balance(account) {
      const found = (await accounts()).find(
        (a) => a.sortCode === account.sortCode && a.accountNumber === account.accountNumber,
      );
      return found ? Math.round(Number(found.balance) * 100) : 0;
    },
    runBank: () => runSandboxBank(app.deps, app.config.sandboxSettlement),
  };
}

// The id_token and state that came with each code, so that a test completes an authorisation with the
// code alone, as it did before the hybrid flow.
const answers = new Map<string, { idToken: string | null; state: string }>();

/** The bank's answer in a redirect: its query (the sandbox controls) or its fragment (the browser's). */
export function answerOf(redirect: URL, state: string): { code: string; idToken: string; state: string } {
  const params = redirect.hash ? new URLSearchParams(redirect.hash.slice(1)) : redirect.searchParams;
  assert.equal(params.get('state'), state);
  const code = params.get('code');
  const idToken = params.get('id_token');
  assert.ok(code, `no code in ${redirect}`);
  assert.ok(idToken, `no id_token in ${redirect}`);
  answers.set(code, { idToken, state });
  return { code, idToken, state };
}

/** The code of an approval redirect, checked to carry our state. */
export function codeOf(redirect: URL, state: string): string {
  return answerOf(redirect, state).code;
}

/** The sandbox bank's adapter, completing with a code whose id_token and state the test saw. */
export type TestBank = Omit<BankProvider, 'completeAuthorisation'> & {
  completeAuthorisation(
    input: Omit<AuthorisationCompletion, 'idToken' | 'state'> & Partial<AuthorisationCompletion>,
  ): Promise<void>;
};

function testBank(bank: BankProvider): TestBank {
  return new Proxy(bank, {
    get(target, name, receiver) {
      if (name !== 'completeAuthorisation') return Reflect.get(target, name, receiver);
      return (input: Omit<AuthorisationCompletion, 'idToken' | 'state'> & Partial<AuthorisationCompletion>) =>
        target.completeAuthorisation({
          ...input,
          idToken: input.idToken ?? answers.get(input.code)?.idToken ?? null,
          state: input.state ?? answers.get(input.code)?.state ?? '',
        });
    },
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: () => any;
}

/** A raw HTTP call to the sandbox bank (through the validating dispatcher). */
export async function bankCall(
  w: BankWorld,
  options: {
    method: 'GET' | 'POST' | 'DELETE';
    path: string;
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
    /** Another client (another certificate, or none); default: paybank's through the validator. */
    dispatcher?: Dispatcher;
    /** A Payment Initiation POST is signed as paybank signs it unless this is set. */
    unsigned?: boolean;
  },
): Promise<RawResponse> {
  const { request } = await import('undici');
  const sent =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  const signature =
    options.method === 'POST' &&
    options.path.startsWith('/open-banking/v3.1/pisp') &&
    !options.unsigned &&
    options.headers?.['x-jws-signature'] === undefined
      ? await signAsPaybankMessage(w, sent ?? '')
      : undefined;
  const res = await request(`${w.bankApiUrl}${options.path}`, {
    method: options.method,
    dispatcher: options.dispatcher ?? w.dispatcher,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined && typeof options.body !== 'string'
        ? { 'content-type': 'application/json' }
        : {}),
      ...(signature ? { 'x-jws-signature': signature } : {}),
      ...options.headers,
    },
    body: sent,
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text, json: () => JSON.parse(text) };
}

/** A client-credentials token of the service's client at the sandbox bank. */
export async function clientToken(w: BankWorld, scope = 'payments accounts'): Promise<string> {
  const res = await bankCall(w, {
    method: 'POST',
    path: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope, client_id: 'paybank' }).toString(),
  });
  assert.equal(res.status, 200, res.text);
  return res.json().access_token;
}

/** Claims signed as paybank signs at the sandbox bank (PS256, its key in the sandbox PKI). */
export async function signAsPaybank(w: BankWorld, claims: JWTPayload): Promise<string> {
  const pki = await sandboxPki(w.config.dataDir);
  const signing = await signingKeyOf(pki.paybankSigningKey);
  return new SignJWT(claims).setProtectedHeader({ alg: 'PS256', kid: signing.kid }).sign(signing.key);
}

/** An x-jws-signature over a body, as paybank signs its messages to the sandbox bank. */
export async function signAsPaybankMessage(
  w: BankWorld,
  body: string,
  override: Partial<Signer> = {},
): Promise<string> {
  const signing = await signingKeyOf((await sandboxPki(w.config.dataDir)).paybankSigningKey);
  return signDetached(
    body,
    {
      key: signing.key,
      kid: signing.kid,
      iss: 'paybank-sandbox/paybank',
      tan: 'openbanking.org.uk',
      apiVersion: '3.1.10',
      ...override,
    },
    w.clock.now(),
  );
}

/** The claims of a compact JWT, unchecked. */
export function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString());
}

/** An Open Banking domestic payment consent body. */
export function consentBody(
  overrides: { amount?: string; currency?: string; creditor?: object; extra?: object } = {},
) {
  return {
    Data: {
      Initiation: {
        InstructionIdentification: 'instr-1',
        EndToEndIdentification: 'e2e-1',
        InstructedAmount: { Amount: overrides.amount ?? '10.00', Currency: overrides.currency ?? 'GBP' },
        CreditorAccount: overrides.creditor ?? {
          SchemeName: 'UK.OBIE.SortCodeAccountNumber',
          Identification: `${MERCHANT.sortCode}${MERCHANT.accountNumber}`,
          Name: MERCHANT.name,
        },
        RemittanceInformation: { Reference: 'REF-1' },
      },
      ...overrides.extra,
    },
    Risk: {},
  };
}
