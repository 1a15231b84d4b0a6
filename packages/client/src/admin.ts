// The operator's API with `Authorization: Bearer <ADMIN_TOKEN>` (API.md 2): partners, their terminals,
// API keys and companies.
import { rawClient, unwrap, type WriteOptions, writeInit } from './call.js';
import type { TransportOptions } from './transport.js';
import type { Body, PartnerCreate } from './types.js';

export interface AdminOptions extends TransportOptions {
  adminToken: string;
}

export function createAdminClient(options: AdminOptions) {
  const raw = rawClient({ authorization: `Bearer ${options.adminToken}` }, options);
  const of = (partnerId: string) => ({ params: { path: { partnerId } } });
  return {
    raw,
    partners: {
      /** Answers the partner's `apisecret` once. */
      create: (body: PartnerCreate, o?: WriteOptions) =>
        unwrap(raw.POST('/admin/v1/partners', { body, ...writeInit(o) })),
      get: (partnerId: string) => unwrap(raw.GET('/admin/v1/partners/{partnerId}', of(partnerId))),
    },
    terminals: {
      /** Answers `terminalSecret` once. */
      create: (partnerId: string, name: string, o?: WriteOptions) =>
        unwrap(
          raw.POST('/admin/v1/partners/{partnerId}/terminals', {
            ...of(partnerId),
            body: { name },
            ...writeInit(o),
          }),
        ),
      rotateSecret: (partnerId: string, terminalId: string, o?: WriteOptions) =>
        unwrap(
          raw.POST('/admin/v1/partners/{partnerId}/terminals/{terminalId}/secret', {
            params: { path: { partnerId, terminalId } },
            ...writeInit(o),
          }),
        ),
      revoke: (partnerId: string, terminalId: string, o?: WriteOptions) =>
        unwrap(
          raw.DELETE('/admin/v1/partners/{partnerId}/terminals/{terminalId}', {
            params: { path: { partnerId, terminalId } },
            ...writeInit(o),
          }),
        ),
    },
    companies: {
      /** A company for a partner, through the partner's create path. */
      create: (
        partnerId: string,
        body: Body<'/admin/v1/partners/{partnerId}/companies', 'post'>,
        o?: WriteOptions,
      ) =>
        unwrap(
          raw.POST('/admin/v1/partners/{partnerId}/companies', { ...of(partnerId), body, ...writeInit(o) }),
        ),
    },
    apiKeys: {
      create: (partnerId: string, o?: WriteOptions) =>
        unwrap(raw.POST('/admin/v1/partners/{partnerId}/api-keys', { ...of(partnerId), ...writeInit(o) })),
    },
  };
}

export type AdminClient = ReturnType<typeof createAdminClient>;
