// Domestic payment consents and domestic payments of the sandbox bank: checked as a bank checks them,
// and answered in the specification's shapes (OBWriteDomesticConsentResponse5, OBWriteDomesticResponse5,
// OBWritePaymentDetailsResponse1).
import { isDeepStrictEqual } from 'node:util';
import type { Static } from '@sinclair/typebox';
import { newId } from '../../../domain/ids.js';
import type { Db } from '../../../store/database.js';
import type { ObDomesticInitiation } from '../../open-banking/ob-wire.js';
import { findClientConsent, insertConsent, updateConsentFrom } from '../consents.repository.js';
import { findAccountByNumber } from '../ledger/ledger.repository.js';
import { badRequest, forbidden, resourceNotFound } from '../ob/errors.js';
import { accountIn, obDateTime, penceIn } from '../ob/format.js';
import type { DomesticConsentBody, DomesticPaymentBody } from '../ob/schemas.js';
import type { SandboxBank } from '../sandbox-bank.js';
import type { SandboxConsentTable, SandboxPaymentTable, SandboxTokenTable } from '../sandbox-bank.row.js';
import { locks } from '../store.js';
import { CREDIT_COMPLETED, PENDING, REJECTED, SCRIPTS, WITHOUT_POSTING } from './behaviours.js';
import { debtorParts } from './debtor.js';
import { findPayment, insertPayment } from './payments.repository.js';
import { paymentBehaviour } from './settlement.js';

type ConsentData = Static<typeof DomesticConsentBody>['Data'];

/** A debtor account named in a consent must be one this bank holds. */
export async function checkDebtor(bank: SandboxBank, debtor: ConsentData['Initiation']['DebtorAccount']) {
  if (!debtor) return;
  const numbers = accountIn(debtor, 'Data.Initiation.DebtorAccount');
  if (!(await findAccountByNumber(bank.db, numbers.sortCode, numbers.accountNumber))) {
    throw badRequest(
      'UK.OBIE.Field.Invalid',
      'Data.Initiation.DebtorAccount is not an account of this bank',
      'Data.Initiation.DebtorAccount.Identification',
    );
  }
}

export async function createDomesticConsent(
  bank: SandboxBank,
  clientId: string,
  body: Static<typeof DomesticConsentBody>,
): Promise<string> {
  const { Initiation } = body.Data;
  penceIn(Initiation.InstructedAmount, 'Data.Initiation.InstructedAmount');
  accountIn(Initiation.CreditorAccount, 'Data.Initiation.CreditorAccount');
  await checkDebtor(bank, Initiation.DebtorAccount);
  const now = bank.clock.now().toISOString();
  const id = newId();
  await insertConsent(bank.db, {
    id,
    kind: 'domestic-payment',
    client_id: clientId,
    status: 'AwaitingAuthorisation',
    data: JSON.stringify(body.Data),
    risk: JSON.stringify(body.Risk),
    customer_id: null,
    debtor_account_id: null,
    account_ids: null,
    expires_at: null,
    created_at: now,
    status_updated_at: now,
  });
  return id;
}

export async function domesticConsentView(bank: SandboxBank, consent: SandboxConsentTable) {
  const data = JSON.parse(consent.data) as ConsentData;
  const { Debtor } = await debtorParts(bank, consent.debtor_account_id, data.ReadRefundAccount);
  return {
    Data: {
      ...data,
      ConsentId: consent.id,
      Status: consent.status,
      CreationDateTime: obDateTime(consent.created_at),
      StatusUpdateDateTime: obDateTime(consent.status_updated_at),
      ...(Debtor ? { Debtor } : {}),
    },
    Risk: JSON.parse(consent.risk) as unknown,
    Links: { Self: `${bank.options.apiUrl}/open-banking/v3.1/pisp/domestic-payment-consents/${consent.id}` },
    Meta: {},
  };
}

export async function findDomesticConsent(bank: SandboxBank, clientId: string, consentId: string) {
  const consent = await findClientConsent(bank.db, consentId, 'domestic-payment', clientId);
  if (!consent) throw resourceNotFound('consent', 'ConsentId');
  return consent;
}

/** The consent a payment request uses, locked and checked: this token's, Authorised, unchanged. */
export async function usableConsent(
  bank: SandboxBank,
  db: Db,
  token: SandboxTokenTable,
  kind: 'domestic-payment' | 'standing-order',
  body: { Data: { ConsentId: string; Initiation: unknown }; Risk: unknown },
): Promise<SandboxConsentTable> {
  const consentId = body.Data.ConsentId;
  if (token.consent_id !== consentId) {
    throw forbidden('UK.OBIE.Resource.ConsentMismatch', 'the access token was not given for this ConsentId');
  }
  let query = db
    .selectFrom('sandbox_bank_consents')
    .selectAll()
    .where('id', '=', consentId)
    .where('kind', '=', kind)
    .where('client_id', '=', token.client_id);
  if (locks(bank.engine)) query = query.forUpdate();
  const consent = await query.executeTakeFirst();
  if (!consent) {
    throw badRequest('UK.OBIE.Resource.NotFound', 'Data.ConsentId names no consent', 'Data.ConsentId');
  }
  if (consent.status !== 'Authorised') {
    throw badRequest(
      'UK.OBIE.Resource.InvalidConsentStatus',
      `the consent is ${consent.status}, not Authorised`,
      'Data.ConsentId',
    );
  }
  const stored = JSON.parse(consent.data) as { Initiation: unknown };
  if (!isDeepStrictEqual(body.Data.Initiation, stored.Initiation)) {
    throw badRequest(
      'UK.OBIE.Resource.ConsentMismatch',
      'Data.Initiation differs from the consent',
      'Data.Initiation',
    );
  }
  if (!isDeepStrictEqual(body.Risk, JSON.parse(consent.risk))) {
    throw badRequest('UK.OBIE.Resource.ConsentMismatch', 'Risk differs from the consent', 'Risk');
  }
  return consent;
}

/** Takes the payment (its first status per the debtor's behaviour) and consumes its consent; in the caller's transaction. */
export async function createDomesticPayment(
  bank: SandboxBank,
  db: Db,
  token: SandboxTokenTable,
  body: Static<typeof DomesticPaymentBody>,
): Promise<string> {
  const consent = await usableConsent(bank, db, token, 'domestic-payment', body);
  const initiation = body.Data.Initiation as ObDomesticInitiation;
  const creditor = accountIn(initiation.CreditorAccount, 'Data.Initiation.CreditorAccount');
  const now = bank.clock.now().toISOString();
  const id = newId();
  const debtorAccountId = consent.debtor_account_id as string;
  const [first] = SCRIPTS[await paymentBehaviour(db, debtorAccountId)].path;
  await insertPayment(db, {
    id,
    consent_id: consent.id,
    client_id: token.client_id,
    status: first?.status ?? 'AcceptedSettlementInProcess',
    debtor_account_id: debtorAccountId,
    creditor_sort_code: creditor.sortCode,
    creditor_account_number: creditor.accountNumber,
    creditor_name: initiation.CreditorAccount.Name,
    amount: penceIn(initiation.InstructedAmount, 'Data.Initiation.InstructedAmount'),
    reference: initiation.RemittanceInformation?.Reference ?? null,
    reason: null,
    created_at: now,
    status_updated_at: now,
  });
  await updateConsentFrom(db, consent.id, 'Authorised', { status: 'Consumed', status_updated_at: now });
  return id;
}

export async function findClientPayment(bank: SandboxBank, clientId: string, paymentId: string) {
  const payment = await findPayment(bank.db, paymentId);
  if (!payment || payment.client_id !== clientId)
    throw resourceNotFound('domestic payment', 'DomesticPaymentId');
  return payment;
}

export async function domesticPaymentView(bank: SandboxBank, payment: SandboxPaymentTable) {
  const consent = await findClientConsent(bank.db, payment.consent_id, 'domestic-payment', payment.client_id);
  const data = JSON.parse(consent?.data ?? '{}') as ConsentData;
  return {
    Data: {
      DomesticPaymentId: payment.id,
      ConsentId: payment.consent_id,
      Status: payment.status,
      CreationDateTime: obDateTime(payment.created_at),
      StatusUpdateDateTime: obDateTime(payment.status_updated_at),
      Initiation: data.Initiation,
      ...(await debtorParts(bank, payment.debtor_account_id, data.ReadRefundAccount)),
    },
    Links: { Self: `${bank.options.apiUrl}/open-banking/v3.1/pisp/domestic-payments/${payment.id}` },
    Meta: {},
  };
}

function statusDetail(payment: SandboxPaymentTable) {
  switch (payment.status) {
    case REJECTED:
      return {
        Status: 'Rejected',
        StatusReason: 'ProprietaryRejection',
        StatusReasonDescription: payment.reason ?? 'Rejected',
      };
    case PENDING:
      return { Status: 'Pending', StatusReason: 'PendingSettlement' };
    case WITHOUT_POSTING:
      return { Status: 'Accepted, not yet posted', StatusReason: 'PendingSettlement' };
    case CREDIT_COMPLETED:
      return { Status: 'Settled to the creditor' };
    case 'AcceptedSettlementInProcess':
      return { Status: 'Settlement in process', StatusReason: 'PendingSettlement' };
    default:
      return { Status: 'Settled' };
  }
}

export function paymentDetailsView(bank: SandboxBank, payment: SandboxPaymentTable) {
  const detail = statusDetail(payment);
  return {
    Data: {
      PaymentStatus: [
        {
          PaymentTransactionId: payment.id,
          Status: payment.status,
          StatusUpdateDateTime: obDateTime(payment.status_updated_at),
          StatusDetail: detail,
        },
      ],
    },
    Links: {
      Self: `${bank.options.apiUrl}/open-banking/v3.1/pisp/domestic-payments/${payment.id}/payment-details`,
    },
    Meta: {},
  };
}
