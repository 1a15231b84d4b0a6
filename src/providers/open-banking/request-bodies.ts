// What the adapter sends: domain requests as Open Banking request bodies (field names of the official
// OpenAPI descriptions).

import { BankError } from '../bank-error.js';
import type {
  AccountAccessConsentRequest,
  PaymentConsentRequest,
  PaymentRisk,
  StandingOrderConsentRequest,
} from '../bank-provider.js';
import { obAccount, obAmount, obFrequency } from './transformers.js';

// Enough to read accounts, balances and every transaction with its counterparty.
export const ACCOUNT_PERMISSIONS = [
  'ReadAccountsBasic',
  'ReadAccountsDetail',
  'ReadBalances',
  'ReadTransactionsBasic',
  'ReadTransactionsDetail',
  'ReadTransactionsCredits',
  'ReadTransactionsDebits',
];

/** OBWriteDomesticConsent4; a refund names the merchant's account as DebtorAccount. */
export function paymentConsentBody(input: PaymentConsentRequest) {
  return {
    Data: {
      // The bank then tells which account paid, so that a refund can go back to it.
      ReadRefundAccount: 'Yes',
      Initiation: {
        InstructionIdentification: input.instructionId,
        EndToEndIdentification: input.instructionId,
        LocalInstrument: 'UK.OBIE.FPS',
        InstructedAmount: obAmount(input.amount),
        ...(input.debtor ? { DebtorAccount: obAccount(input.debtor) } : {}),
        CreditorAccount: obAccount(input.creditor),
        RemittanceInformation: { Reference: input.reference },
      },
    },
    Risk: obRisk(input.risk ?? { context: input.debtor ? 'PartyToParty' : 'EcommerceGoods' }),
  };
}

/** OBRisk1: only what is known is sent (every field is optional at the bank). */
export function obRisk(risk: PaymentRisk) {
  const address = risk.deliveryAddress;
  return {
    PaymentContextCode: risk.context,
    ...(risk.merchantCategoryCode ? { MerchantCategoryCode: risk.merchantCategoryCode } : {}),
    ...(risk.merchantCustomerId
      ? { MerchantCustomerIdentification: risk.merchantCustomerId.slice(0, 70) }
      : {}),
    ...(address
      ? {
          DeliveryAddress: {
            ...(address.addressLines?.length ? { AddressLine: address.addressLines.slice(0, 2) } : {}),
            ...(address.postCode ? { PostCode: address.postCode } : {}),
            TownName: address.townName,
            Country: address.country,
          },
        }
      : {}),
  };
}

/** OBWriteDomesticStandingOrderConsent5: the same amount every time; NumberOfPayments unless open-ended. */
export function standingOrderConsentBody(input: StandingOrderConsentRequest) {
  if (!Number.isInteger(input.numberOfPayments) || input.numberOfPayments < 0) {
    throw new BankError('rejected_request', 'numberOfPayments must be a whole number, 0 for open-ended');
  }
  const amount = obAmount(input.amount);
  const finite = input.numberOfPayments > 0;
  return {
    Data: {
      Permission: 'Create',
      ReadRefundAccount: 'Yes',
      Initiation: {
        Frequency: obFrequency(input.frequency, input.firstPaymentDate),
        Reference: input.reference,
        ...(finite ? { NumberOfPayments: String(input.numberOfPayments) } : {}),
        FirstPaymentDateTime: new Date(input.firstPaymentDate).toISOString(),
        FirstPaymentAmount: amount,
        RecurringPaymentAmount: amount,
        ...(finite ? { FinalPaymentAmount: amount } : {}),
        ...(input.debtor ? { DebtorAccount: obAccount(input.debtor) } : {}),
        CreditorAccount: obAccount(input.creditor),
      },
    },
    // A schedule of the same amount to the same payee: the bill-payment context (OBRisk1).
    Risk: obRisk({ context: 'BillPayment' }),
  };
}

/** OBReadConsent1. */
export function accessConsentBody(input: AccountAccessConsentRequest) {
  return {
    Data: { Permissions: ACCOUNT_PERMISSIONS, ExpirationDateTime: new Date(input.expiresAt).toISOString() },
    Risk: {},
  };
}
