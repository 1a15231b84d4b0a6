// A browser-like client of the portal over app.inject: keeps cookies, reads each form's CSRF token.
import assert from 'node:assert/strict';
import { recordEvent } from '../../src/domain/events/outbox.js';
import { newId } from '../../src/domain/ids.js';
import { type Ids, NO_PAYMENT } from '../portal/portal-routes.js';
import type { TestApp } from './app.js';
import { companyVerificationPayload } from './events.js';
import { adminHeaders, companyBody, createIntegration, createPartner, type Partner } from './fixtures.js';
import { draftPayment, partnerMerchant } from './partner-payments.js';
import { recurringBody } from './recurring.js';

export interface PortalResponse {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
  location: string | undefined;
}

export class PortalClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly t: TestApp) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(setCookie: string | string[] | number | undefined): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair, ...attributes] = String(line).split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
  }

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<PortalResponse> {
    const res = await this.t.app.inject({
      method,
      url,
      headers: {
        cookie: this.cookieHeader(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    this.keep(res.headers['set-cookie']);
    const location = res.headers.location;
    return {
      statusCode: res.statusCode,
      body: res.body,
      headers: res.headers,
      location: location ? String(location) : undefined,
    };
  }

  get(url: string) {
    return this.request('GET', url);
  }

  /** Posts a form with the CSRF token of the page at `from` (the page the form is on). */
  async submit(from: string, action: string, form: Record<string, string> = {}): Promise<PortalResponse> {
    const page = await this.get(from);
    return this.request('POST', action, { _csrf: csrfOf(page.body), ...form });
  }

  get session(): string | undefined {
    return this.cookies.get('pb_portal');
  }
}

export function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  assert.ok(match, 'the page has a form with a CSRF token');
  return match[1]!;
}

export const PASSWORD = 'correct horse battery';

/** The operator invites a user; answers the invitation's token. */
export async function invite(t: TestApp, partnerId: string, email: string, role = 'owner') {
  const res = await t.call({
    method: 'POST',
    url: `/admin/v1/partners/${partnerId}/users`,
    headers: adminHeaders,
    payload: { email, role },
  });
  assert.equal(res.statusCode, 201, res.body);
  const body = res.json();
  return { ...body, token: String(body.inviteUrl).split('/portal/invite/')[1]! };
}

/** The id of one API key of the partner (the one the operator issued with it). */
export async function keyIdOf(t: TestApp, partnerId: string): Promise<string> {
  const row = await t.deps.db
    .selectFrom('partner_api_keys')
    .select('id')
    .where('partner_id', '=', partnerId)
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A finished (failed) webhook to the partner, as the outbox records one; answers its id. */
export async function partnerDelivery(t: TestApp, partnerId: string): Promise<string> {
  const id = newId();
  const now = t.deps.clock.now();
  await t.deps.db.transaction().execute((trx) =>
    recordEvent(trx, now, {
      id,
      destination: { kind: 'partner', partnerId },
      eventName: 'company_verification_status_update',
      resourceType: 'company',
      resourceId: newId(),
      payload: companyVerificationPayload(newId()),
    }),
  );
  await t.deps.db
    .updateTable('events')
    .set({ state: 'failed', finished_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
  return id;
}

/**
 * The ids the security tests fill route patterns with, for the partner: a company made by the operator
 * (its officer verified) with an integration; payment ids name nothing unless `withPayments`, which adds
 * a second company of the partner's own, with a draft payment and a draft recurring payment, and names those.
 */
export async function idsOf(
  t: TestApp,
  partner: Partner,
  userId: string,
  options: { withPayments?: boolean } = {},
): Promise<Ids> {
  const company = await t.call({
    method: 'POST',
    url: `/admin/v1/partners/${partner.id}/companies`,
    headers: adminHeaders,
    payload: companyBody(),
  });
  const companyId = company.json().result.id as string;
  const base = {
    userId,
    keyId: await keyIdOf(t, partner.id),
    deliveryId: await partnerDelivery(t, partner.id),
  };
  if (!options.withPayments) {
    const officer = await t.deps.db
      .selectFrom('officers')
      .select('id')
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    const integration = await createIntegration(t, partner, companyId);
    return {
      ...base,
      companyId,
      officerId: officer.id,
      integrationId: integration.id,
      paymentId: NO_PAYMENT,
      recurringId: NO_PAYMENT,
    };
  }
  const m = await partnerMerchant(t, { partner, name: 'Payments Ltd' });
  const payment = await draftPayment(t, m);
  const recurring = await t.call({
    method: 'POST',
    url: '/merchant/v1/recurring-payments',
    headers: m.merchantHeaders,
    payload: recurringBody(),
  });
  assert.equal(recurring.statusCode, 201, recurring.body);
  const officer = await t.deps.db
    .selectFrom('officers')
    .select('id')
    .where('company_id', '=', m.companyId)
    .executeTakeFirstOrThrow();
  return {
    ...base,
    companyId: m.companyId,
    officerId: officer.id,
    integrationId: m.integrationId,
    paymentId: payment.id as string,
    recurringId: recurring.json().result.id as string,
  };
}

/** A partner with a signed-in portal user of the given role. */
export async function signedInUser(
  t: TestApp,
  options: { role?: string; email?: string; partner?: Partner } = {},
): Promise<{ partner: Partner; client: PortalClient; userId: string; email: string }> {
  const partner = options.partner ?? (await createPartner(t));
  const email = options.email ?? `${options.role ?? 'owner'}-${partner.id.slice(-6)}@partner.example`;
  const invited = await invite(t, partner.id, email, options.role ?? 'owner');
  const client = new PortalClient(t);
  const accepted = await client.submit(`/portal/invite/${invited.token}`, `/portal/invite/${invited.token}`, {
    password: PASSWORD,
  });
  assert.equal(accepted.statusCode, 303, accepted.body);
  const signedIn = await client.submit('/portal/login', '/portal/login', { email, password: PASSWORD });
  assert.equal(signedIn.statusCode, 303, signedIn.body);
  assert.equal(signedIn.location, '/portal');
  return { partner, client, userId: invited.id, email };
}
