// The partner webhooks of company verification (spec 6.2), queued in the transaction of the change.
import type { Db } from '../../store/database.js';
import { recordEvent } from '../events/outbox.js';
import type { Company, CompanyStatus } from './company.js';
import type { Officer } from './officer.js';

/** A company's status moved: after an officer's verification (verifiedBy) or by the service (null). */
export async function recordCompanyStatusChange(
  db: Db,
  now: Date,
  company: Company,
  status: CompanyStatus,
  verifiedBy: string | null,
): Promise<void> {
  await recordEvent(db, now, {
    destination: { kind: 'partner', partnerId: company.partnerId },
    eventName: 'company_verification_status_update',
    // Officer and company events share the company as their resource so that they arrive in order.
    resourceType: 'company',
    resourceId: company.id,
    payload: {
      event_name: 'company_verification_status_update',
      merchantId: company.id,
      verifiedBy,
      status,
    },
  });
}

export async function recordOfficerStatusChange(
  db: Db,
  now: Date,
  company: Company,
  officer: Officer,
): Promise<void> {
  await recordEvent(db, now, {
    destination: { kind: 'partner', partnerId: company.partnerId },
    eventName: 'officer_verification_status_update',
    resourceType: 'company',
    resourceId: company.id,
    payload: {
      event_name: 'officer_verification_status_update',
      merchantId: company.id,
      officerId: officer.id,
      status: officer.status,
    },
  });
}
