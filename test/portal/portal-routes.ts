// Every portal route, with what the security tests need to call it. The security test checks that this
// list names every /portal route the app registers, so a new page cannot skip those tests.
import type { Permission } from '../../src/domain/portal/portal-user.js';

export interface PortalRoute {
  method: 'GET' | 'POST';
  /** The URL pattern as registered. */
  pattern: string;
  /** A URL to call, with ids of the signed-in user's partner filled in by `fill`. */
  url: (ids: Ids) => string;
  /** Form fields (besides _csrf) that pass validation. */
  form?: Record<string, string>;
  /** Signed-in only, with this permission; undefined: open to signed-out visitors (sign-in, links). */
  permission?: Permission;
}

export interface Ids {
  /** A user of the signed-in user's own partner (not the signed-in user). */
  userId: string;
  /** An API key of the signed-in user's partner. */
  keyId: string;
  /** A webhook delivery of the signed-in user's partner. */
  deliveryId: string;
  /** A company of the signed-in user's partner. */
  companyId: string;
  /** An officer of that company. */
  officerId: string;
  /** An integration of that company. */
  integrationId: string;
  /** A payment of that company, or NO_PAYMENT (guards answer before any lookup). */
  paymentId: string;
  /** A recurring payment of that company, or NO_PAYMENT. */
  recurringId: string;
}

/** An id that names no payment or recurring payment: guards answer before any lookup. */
export const NO_PAYMENT = 'bbbbbbbbbbbbbbbbbbbbbbbb';

const FAKE_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

export const PORTAL_ROUTES: PortalRoute[] = [
  { method: 'GET', pattern: '/portal', url: () => '/portal', permission: 'read' },
  { method: 'GET', pattern: '/portal/assets/portal.js', url: () => '/portal/assets/portal.js' },
  { method: 'GET', pattern: '/portal/login', url: () => '/portal/login' },
  {
    method: 'POST',
    pattern: '/portal/login',
    url: () => '/portal/login',
    form: { email: 'a@b.example', password: 'x' },
  },
  { method: 'GET', pattern: '/portal/login/code', url: () => '/portal/login/code' },
  {
    method: 'POST',
    pattern: '/portal/login/code',
    url: () => '/portal/login/code',
    form: { code: '123456' },
  },
  { method: 'POST', pattern: '/portal/logout', url: () => '/portal/logout', form: {}, permission: 'read' },
  { method: 'GET', pattern: '/portal/invite/:token', url: () => '/portal/invite/nope' },
  {
    method: 'POST',
    pattern: '/portal/invite/:token',
    url: () => '/portal/invite/nope',
    form: { password: 'x'.repeat(12) },
  },
  { method: 'GET', pattern: '/portal/password/forgot', url: () => '/portal/password/forgot' },
  {
    method: 'POST',
    pattern: '/portal/password/forgot',
    url: () => '/portal/password/forgot',
    form: { email: 'a@b.example' },
  },
  { method: 'GET', pattern: '/portal/reset/:token', url: () => '/portal/reset/nope' },
  {
    method: 'POST',
    pattern: '/portal/reset/:token',
    url: () => '/portal/reset/nope',
    form: { password: 'x'.repeat(12) },
  },
  { method: 'GET', pattern: '/portal/account', url: () => '/portal/account', permission: 'read' },
  {
    method: 'POST',
    pattern: '/portal/account/two-factor',
    url: () => '/portal/account/two-factor',
    form: {},
    permission: 'read',
  },
  {
    method: 'POST',
    pattern: '/portal/account/two-factor/confirm',
    url: () => '/portal/account/two-factor/confirm',
    form: { code: '123456' },
    permission: 'read',
  },
  { method: 'GET', pattern: '/portal/people', url: () => '/portal/people', permission: 'read' },
  {
    method: 'POST',
    pattern: '/portal/people',
    url: () => '/portal/people',
    form: { email: 'new@partner.example', role: 'viewer' },
    permission: 'manage_people',
  },
  {
    method: 'POST',
    pattern: '/portal/people/:userId/remove',
    url: (ids) => `/portal/people/${ids.userId}/remove`,
    form: {},
    permission: 'manage_people',
  },
  { method: 'GET', pattern: '/portal/api-keys', url: () => '/portal/api-keys', permission: 'read' },
  {
    method: 'POST',
    pattern: '/portal/api-keys',
    url: () => '/portal/api-keys',
    form: { name: 'Back office', description: 'nightly sync' },
    permission: 'manage_keys',
  },
  ...(['disable', 'enable', 'revoke'] as const).map(
    (action): PortalRoute => ({
      method: 'POST',
      pattern: `/portal/api-keys/:keyId/${action}`,
      url: (ids) => `/portal/api-keys/${ids.keyId}/${action}`,
      form: {},
      permission: 'manage_keys',
    }),
  ),
  { method: 'GET', pattern: '/portal/webhooks', url: () => '/portal/webhooks', permission: 'read' },
  {
    method: 'POST',
    pattern: '/portal/webhooks/url',
    url: () => '/portal/webhooks/url',
    form: { webhookUrl: 'https://hooks.partner.example/paybank' },
    permission: 'manage_webhooks',
  },
  {
    method: 'POST',
    pattern: '/portal/webhooks/secret',
    url: () => '/portal/webhooks/secret',
    form: {},
    permission: 'manage_webhooks',
  },
  {
    method: 'POST',
    pattern: '/portal/webhooks/test',
    url: () => '/portal/webhooks/test',
    form: {},
    permission: 'manage_webhooks',
  },
  {
    method: 'GET',
    pattern: '/portal/webhooks/deliveries/:deliveryId',
    url: (ids) => `/portal/webhooks/deliveries/${ids.deliveryId}`,
    permission: 'read',
  },
  {
    method: 'POST',
    pattern: '/portal/webhooks/deliveries/:deliveryId/redeliver',
    url: (ids) => `/portal/webhooks/deliveries/${ids.deliveryId}/redeliver`,
    form: {},
    permission: 'manage_webhooks',
  },
  {
    method: 'GET',
    pattern: '/portal/settings/email',
    url: () => '/portal/settings/email',
    permission: 'read',
  },
  {
    method: 'POST',
    pattern: '/portal/settings/email',
    url: () => '/portal/settings/email',
    form: { fromAddress: 'Acme <pay@acme.example>', replyTo: 'help@acme.example' },
    permission: 'manage_settings',
  },
  {
    method: 'POST',
    pattern: '/portal/settings/email/test',
    url: () => '/portal/settings/email/test',
    form: {},
    permission: 'manage_settings',
  },
  { method: 'GET', pattern: '/portal/audit', url: () => '/portal/audit', permission: 'read' },
  { method: 'GET', pattern: '/portal/companies', url: () => '/portal/companies', permission: 'read' },
  {
    method: 'POST',
    pattern: '/portal/companies',
    url: () => '/portal/companies',
    form: {
      name: 'Portal Shop Ltd',
      type: 'company',
      identifier: '87654321',
      countryCode: 'GB',
      contactName: 'Pat Portal',
      publicEmail: 'pat@shop.example',
      supportPhone: '+44 20 7946 0001',
      addressLine1: '2 Low Street',
      city: 'Leeds',
      zipCode: 'LS1 1AA',
    },
    permission: 'operate',
  },
  {
    method: 'GET',
    pattern: '/portal/companies/:companyId',
    url: (ids) => `/portal/companies/${ids.companyId}`,
    permission: 'read',
  },
  {
    method: 'GET',
    pattern: '/portal/companies/:companyId/branding',
    url: (ids) => `/portal/companies/${ids.companyId}/branding`,
    permission: 'read',
  },
  {
    method: 'POST',
    pattern: '/portal/companies/:companyId/branding',
    url: (ids) => `/portal/companies/${ids.companyId}/branding`,
    form: { accentColour: '#123456' },
    permission: 'operate',
  },
  {
    method: 'GET',
    pattern: '/portal/companies/:companyId/payments',
    url: (ids) => `/portal/companies/${ids.companyId}/payments`,
    permission: 'read',
  },
  {
    method: 'GET',
    pattern: '/portal/companies/:companyId/payments/:paymentId',
    url: (ids) => `/portal/companies/${ids.companyId}/payments/${ids.paymentId}`,
    permission: 'read',
  },
  {
    method: 'GET',
    pattern: '/portal/companies/:companyId/recurring-payments',
    url: (ids) => `/portal/companies/${ids.companyId}/recurring-payments`,
    permission: 'read',
  },
  {
    method: 'GET',
    pattern: '/portal/companies/:companyId/recurring-payments/:recurringId',
    url: (ids) => `/portal/companies/${ids.companyId}/recurring-payments/${ids.recurringId}`,
    permission: 'read',
  },
  {
    method: 'GET',
    pattern: '/portal/companies/:companyId/transactions',
    url: (ids) => `/portal/companies/${ids.companyId}/transactions`,
    permission: 'read',
  },
  ...(['link', 'resend'] as const).map(
    (action): PortalRoute => ({
      method: 'POST',
      pattern: `/portal/companies/:companyId/officers/:officerId/${action}`,
      url: (ids) => `/portal/companies/${ids.companyId}/officers/${ids.officerId}/${action}`,
      form: {},
      permission: 'operate',
    }),
  ),
  {
    method: 'POST',
    pattern: '/portal/companies/:companyId/integrations',
    url: (ids) => `/portal/companies/${ids.companyId}/integrations`,
    form: { name: 'Till', webhookUrl: 'https://shop.example/hooks', bankAccount: FAKE_ID },
    permission: 'manage_keys',
  },
  ...(['secret-key', 'webhook-secret'] as const).map(
    (which): PortalRoute => ({
      method: 'POST',
      pattern: `/portal/companies/:companyId/integrations/:integrationId/${which}`,
      url: (ids) => `/portal/companies/${ids.companyId}/integrations/${ids.integrationId}/${which}`,
      form: {},
      permission: 'manage_keys',
    }),
  ),
  {
    method: 'GET',
    pattern: '/portal/companies/:companyId/transactions.csv',
    url: (ids) => `/portal/companies/${ids.companyId}/transactions.csv`,
    permission: 'read',
  },
  ...(['refund', 'cancel'] as const).map(
    (action): PortalRoute => ({
      method: 'POST',
      pattern: `/portal/companies/:companyId/payments/:paymentId/${action}`,
      url: (ids) => `/portal/companies/${ids.companyId}/payments/${ids.paymentId}/${action}`,
      form: {},
      permission: 'operate',
    }),
  ),
];

export const fakeId = FAKE_ID;
