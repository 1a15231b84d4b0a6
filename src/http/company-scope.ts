// The `companyId` in the path must be a company the caller's partner manages (else 403, API.md 1.1).
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../context.js';
import type { Company } from '../domain/companies/company.js';
import { activeManagedCompany, managedCompany } from '../domain/companies/company.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    company: Company | undefined;
  }
}

function partnerIdOf(request: FastifyRequest): string | undefined {
  const auth = request.auth;
  return auth?.kind === 'partner' || auth?.kind === 'terminal' ? auth.partnerId : undefined;
}

/**
 * A preHandler that loads the path's company into `request.company`. With `allowBanned`, a banned
 * company stays readable (the partner that disabled it can still see and update it).
 */
export function companyScope(deps: Deps, options: { allowBanned: boolean }) {
  return async (request: FastifyRequest) => {
    const { companyId } = (request.params ?? {}) as { companyId?: string };
    const partnerId = partnerIdOf(request);
    if (companyId === undefined || partnerId === undefined) return;
    request.company = options.allowBanned
      ? await managedCompany(deps, partnerId, companyId)
      : await activeManagedCompany(deps, partnerId, companyId);
  };
}

export function companyOf(request: FastifyRequest): Company {
  if (!request.company) throw new Error('route expects a companyId in its path');
  return request.company;
}
