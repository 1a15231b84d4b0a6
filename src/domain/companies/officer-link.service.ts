// A fresh verification link for an officer who has not verified yet, copied from the portal or e-mailed
// again. Tokens are stored hashed, so an old link cannot be shown again: a new one replaces it.
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import { DomainError, invalidState, notFound } from '../errors.js';
import { isId, newToken } from '../ids.js';
import { recordEmail } from '../mail/outbox-mail.js';
import { getPartner } from '../partners/partner.service.js';
import { hashSecret } from '../secrets.js';
import type { Company } from './company.js';
import { lockCompany } from './company.service.js';
import { assertCompanyNotBanned } from './company-status.js';
import type { Officer, OfficerStatus } from './officer.js';
import * as repo from './officer.repository.js';
import { verificationUrl } from './officer.service.js';
import { verificationEmail } from './verification-email.js';

const UNVERIFIED: readonly OfficerStatus[] = [
  'pending_verification',
  'started_verification',
  'rejected_with_retry_allowed',
];

export interface RenewedLink {
  company: Company;
  officer: Officer;
  verificationUrl: string;
}

/**
 * A new link for the officer (company of `companyId`, already checked to be the caller's); with
 * `send`, e-mailed as at company creation (verificationEmail, the partner's e-mail settings).
 */
export async function renewVerificationLink(
  deps: Deps,
  companyId: string,
  officerId: string,
  send: boolean,
): Promise<RenewedLink> {
  if (!isId(officerId)) throw notFound('officer');
  return withTransaction(deps, async (tx) => {
    const company = await lockCompany(tx, companyId);
    assertCompanyNotBanned(company);
    const row = await repo.findOfficerRow(tx.db, companyId, officerId);
    if (!row) throw notFound('officer');
    const officer = repo.toOfficer(row);
    if (!UNVERIFIED.includes(officer.status))
      throw invalidState('officer', officer.status, UNVERIFIED, 'send a verification link to');
    const partner = send ? await getPartner(tx, company.partnerId) : undefined;
    // As at company creation (sendEmail): no sender set, no e-mail.
    if (partner && !partner.emailFrom)
      throw new DomainError('invalid_state', 'set the e-mail settings (sender) of the partner first');
    const token = newToken(24);
    const now = tx.clock.now();
    await repo.replaceOfficerToken(tx.db, officer.id, hashSecret(token), now.toISOString());
    const url = verificationUrl(tx.config, token);
    if (partner) await recordEmail(tx.db, now, verificationEmail(partner, company, officer, url));
    return { company, officer, verificationUrl: url };
  });
}
