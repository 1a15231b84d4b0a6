// The subset of the UK Open Banking Read/Write API v3.1 wire format that the adapter sends and reads
// (field names as in the official OpenAPI descriptions). Both the adapter and the sandbox bank use it.

export const SORT_CODE_SCHEME = 'UK.OBIE.SortCodeAccountNumber';

export interface ObAmount {
  Amount: string;
  Currency: string;
}

export interface ObAccount {
  SchemeName: string;
  Identification: string;
  Name?: string;
  SecondaryIdentification?: string;
}

export interface ObLinks {
  Self: string;
  First?: string;
  Prev?: string;
  Next?: string;
  Last?: string;
}

export interface ObMeta {
  TotalPages?: number;
  FirstAvailableDateTime?: string;
  LastAvailableDateTime?: string;
}

export interface ObDomesticInitiation {
  InstructionIdentification: string;
  EndToEndIdentification: string;
  LocalInstrument?: string;
  InstructedAmount: ObAmount;
  DebtorAccount?: ObAccount;
  CreditorAccount: ObAccount & { Name: string };
  RemittanceInformation?: { Reference?: string; Unstructured?: string };
  SupplementaryData?: Record<string, unknown>;
}

export interface ObStandingOrderInitiation {
  Frequency: string;
  Reference?: string;
  NumberOfPayments?: string;
  FirstPaymentDateTime: string;
  RecurringPaymentDateTime?: string;
  FinalPaymentDateTime?: string;
  FirstPaymentAmount: ObAmount;
  RecurringPaymentAmount?: ObAmount;
  FinalPaymentAmount?: ObAmount;
  DebtorAccount?: ObAccount;
  CreditorAccount: ObAccount & { Name: string };
  SupplementaryData?: Record<string, unknown>;
}

export type ObRisk = Record<string, unknown>;

export type ObPaymentConsentStatus = 'AwaitingAuthorisation' | 'Authorised' | 'Consumed' | 'Rejected';
export type ObAccessConsentStatus = 'AwaitingAuthorisation' | 'Authorised' | 'Rejected' | 'Revoked';

export interface ObConsentData {
  ConsentId: string;
  Status: ObPaymentConsentStatus | ObAccessConsentStatus;
  CreationDateTime: string;
  StatusUpdateDateTime: string;
  ExpirationDateTime?: string;
}

export interface ObDomesticConsentResponse {
  Data: ObConsentData & { Initiation: ObDomesticInitiation; ReadRefundAccount?: 'Yes' | 'No' };
  Risk: ObRisk;
  Links?: ObLinks;
  Meta?: ObMeta;
}

export interface ObFundsConfirmationResponse {
  Data: { FundsAvailableResult?: { FundsAvailableDateTime: string; FundsAvailable: boolean } };
  Links?: ObLinks;
  Meta?: ObMeta;
}

export interface ObStandingOrderConsentResponse {
  Data: ObConsentData & { Permission: 'Create'; Initiation: ObStandingOrderInitiation };
  Risk: ObRisk;
  Links?: ObLinks;
  Meta?: ObMeta;
}

export interface ObAccessConsentResponse {
  Data: ObConsentData & { Permissions: string[] };
  Risk: ObRisk;
  Links?: ObLinks;
  Meta?: ObMeta;
}

export type ObDomesticPaymentStatus =
  | 'AcceptedCreditSettlementCompleted'
  | 'AcceptedSettlementCompleted'
  | 'AcceptedSettlementInProcess'
  | 'AcceptedWithoutPosting'
  | 'Pending'
  | 'Rejected';

export interface ObDomesticPaymentResponse {
  Data: {
    DomesticPaymentId: string;
    ConsentId: string;
    Status: ObDomesticPaymentStatus;
    CreationDateTime: string;
    StatusUpdateDateTime: string;
    Initiation: ObDomesticInitiation;
    Debtor?: { SchemeName?: string; Identification?: string; Name?: string };
    Refund?: { Account: ObAccount & { Name: string } };
  };
  Links?: ObLinks;
  Meta?: ObMeta;
}

export type ObStandingOrderStatus =
  | 'Cancelled'
  | 'InitiationCompleted'
  | 'InitiationFailed'
  | 'InitiationPending';

export interface ObStandingOrderResponse {
  Data: {
    DomesticStandingOrderId: string;
    ConsentId: string;
    Status: ObStandingOrderStatus;
    CreationDateTime: string;
    StatusUpdateDateTime: string;
    Initiation: ObStandingOrderInitiation;
    Debtor?: { SchemeName?: string; Identification?: string; Name?: string };
    Refund?: { Account: ObAccount & { Name: string } };
  };
  Links?: ObLinks;
  Meta?: ObMeta;
}

export interface ObPaymentDetailsResponse {
  Data: {
    PaymentStatus?: Array<{
      PaymentTransactionId: string;
      Status: string;
      StatusUpdateDateTime: string;
      StatusDetail?: { Status: string; StatusReason?: string; StatusReasonDescription?: string };
    }>;
  };
  Links?: ObLinks;
  Meta?: ObMeta;
}

export interface ObAccountResponse {
  Data: {
    Account?: Array<{
      AccountId: string;
      Currency?: string;
      AccountType?: string;
      AccountSubType?: string;
      Nickname?: string;
      Status?: string;
      Account?: ObAccount[];
    }>;
  };
  Links?: ObLinks;
  Meta?: ObMeta;
}

export interface ObBalanceResponse {
  Data: {
    Balance: Array<{
      AccountId: string;
      Amount: ObAmount;
      CreditDebitIndicator: 'Credit' | 'Debit';
      Type: string;
      DateTime: string;
    }>;
  };
  Links?: ObLinks;
  Meta?: ObMeta;
}

export interface ObTransaction {
  AccountId: string;
  TransactionId?: string;
  TransactionReference?: string;
  TransactionInformation?: string;
  Amount: ObAmount;
  CreditDebitIndicator: 'Credit' | 'Debit';
  Status: 'Booked' | 'Pending';
  BookingDateTime: string;
  ValueDateTime?: string;
  Balance?: { Amount: ObAmount; CreditDebitIndicator: 'Credit' | 'Debit'; Type: string };
  CreditorAccount?: Partial<ObAccount>;
  DebtorAccount?: Partial<ObAccount>;
}

export interface ObTransactionResponse {
  Data: { Transaction?: ObTransaction[] };
  Links?: ObLinks;
  Meta?: ObMeta;
}

export interface ObErrorResponse {
  Code: string;
  Id?: string;
  Message: string;
  Errors: Array<{ ErrorCode: string; Message: string; Path?: string; Url?: string }>;
}

export interface ObTokenResponse {
  access_token: string;
  token_type: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
}
