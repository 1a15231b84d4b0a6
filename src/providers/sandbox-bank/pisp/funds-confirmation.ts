// GET /domestic-payment-consents/{ConsentId}/funds-confirmation (OBWriteFundsConfirmationResponse1):
// with the customer's token of an authorised consent, whether the debtor account's balance in the
// ledger covers the consent's amount now. Nothing is reserved: the payment may still be rejected later.
import { findAccount } from '../ledger/ledger.repository.js';
import { badRequest, forbidden } from '../ob/errors.js';
import { obDateTime, penceIn } from '../ob/format.js';
import type { SandboxBank } from '../sandbox-bank.js';
import type { SandboxTokenTable } from '../sandbox-bank.row.js';
import { findDomesticConsent } from './domestic-payments.js';

export async function fundsConfirmation(bank: SandboxBank, token: SandboxTokenTable, consentId: string) {
  // PSUOAuth2Security: only the token the customer's authorisation of this consent gave.
  if (token.consent_id !== consentId) {
    throw forbidden('UK.OBIE.Resource.ConsentMismatch', 'the access token was not given for this ConsentId');
  }
  const consent = await findDomesticConsent(bank, token.client_id, consentId);
  if (consent.status !== 'Authorised') {
    throw badRequest(
      'UK.OBIE.Resource.InvalidConsentStatus',
      `the consent is ${consent.status}, not Authorised`,
      'ConsentId',
    );
  }
  const data = JSON.parse(consent.data) as {
    Initiation: { InstructedAmount: { Amount: string; Currency: string } };
  };
  const amount = penceIn(data.Initiation.InstructedAmount, 'Data.Initiation.InstructedAmount');
  const account = consent.debtor_account_id
    ? await findAccount(bank.db, consent.debtor_account_id)
    : undefined;
  return {
    Data: {
      FundsAvailableResult: {
        FundsAvailableDateTime: obDateTime(bank.clock.now().toISOString()),
        FundsAvailable: account !== undefined && Number(account.balance) >= amount,
      },
    },
    Links: {
      Self: `${bank.options.apiUrl}/open-banking/v3.1/pisp/domestic-payment-consents/${consentId}/funds-confirmation`,
    },
    Meta: {},
  };
}
