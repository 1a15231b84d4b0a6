// The ob-sandbox bank reached as the service reaches it: the Open Banking adapter over a real socket
// (every Open Banking response validated against the official specification), plus the sandbox
// controls a test uses instead of a browser.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import type { AccountRef, BankProvider } from '../../src/providers/bank-provider.js';
import { createBankRegistry } from '../../src/providers/bank-registry.js';
import { runSandboxBank } from '../../src/providers/sandbox-bank/index.js';
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
  bank: BankProvider;
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

export async function bankWorld(t: TestContext, env: Record<string, string> = {}): Promise<BankWorld> {
  const app = await buildListeningApp(t, env);
  const dispatcher = validatingDispatcher(t);
  const registry = createBankRegistry(app.config, {
    db: app.deps.db,
    clock: app.clock,
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
    bank: registry.get('ob-sandbox'),
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

/** The code of an approval redirect, checked to carry our state. */
export function codeOf(redirect: URL, state: string): string {
  assert.equal(redirect.searchParams.get('state'), state);
  const code = redirect.searchParams.get('code');
  assert.ok(code, `no code in ${redirect}`);
  return code;
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
  },
): Promise<RawResponse> {
  const { request } = await import('undici');
  const res = await request(`${w.baseUrl}/sandbox-bank${options.path}`, {
    method: options.method,
    dispatcher: w.dispatcher,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined && typeof options.body !== 'string'
        ? { 'content-type': 'application/json' }
        : {}),
      ...options.headers,
    },
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text, json: () => JSON.parse(text) };
}

/** A client-credentials token of the service's client at the sandbox bank. */
export async function clientToken(w: BankWorld, scope = 'payments accounts'): Promise<string> {
  const res = await bankCall(w, {
    method: 'POST',
    path: '/token',
    headers: {
      authorization: `Basic ${Buffer.from(`paybank:${w.config.sandboxBankClientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
  });
  assert.equal(res.status, 200, res.text);
  return res.json().access_token;
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
