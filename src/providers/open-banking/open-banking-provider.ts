// BankProvider over the UK Open Banking Read/Write API v3.1: one instance per configured bank
// (`ob-sandbox` included, reached over HTTP like any other).
import { randomBytes } from 'node:crypto';
import { BankError } from '../bank-error.js';
import type {
  AccountAccessConsentRequest,
  AuthorisationCompletion,
  BankAccountInfo,
  BankBalance,
  BankConsent,
  BankConsentState,
  BankPayment,
  BankProvider,
  BankStandingOrder,
  BankTransaction,
  DateRange,
  PaymentConsentRequest,
  StandingOrderConsentRequest,
  StandingOrderPayment,
  SubmitRequest,
} from '../bank-provider.js';
import { signHs256 } from '../jws.js';
import type { ProviderInfo } from '../providers.js';
import { deleteGrant } from './grant.repository.js';
import { ObClient, type ObClientOptions } from './ob-client.js';
import type {
  ObAccessConsentResponse,
  ObAccountResponse,
  ObBalanceResponse,
  ObDomesticConsentResponse,
  ObDomesticPaymentResponse,
  ObPaymentDetailsResponse,
  ObStandingOrderConsentResponse,
  ObStandingOrderResponse,
  ObTransactionResponse,
} from './ob-wire.js';
import type { OpenBankingProviderConfig } from './provider-config.js';
import {
  accountRefOf,
  bankPaymentOf,
  bankStandingOrderOf,
  bankTransactionOf,
  consentStateOf,
  obAccount,
  obAmount,
  obFrequency,
  penceOf,
  standingOrderPaymentsOf,
} from './transformers.js';

// Enough to read accounts, balances and every transaction with its counterparty.
const ACCOUNT_PERMISSIONS = [
  'ReadAccountsBasic',
  'ReadAccountsDetail',
  'ReadBalances',
  'ReadTransactionsBasic',
  'ReadTransactionsDetail',
  'ReadTransactionsCredits',
  'ReadTransactionsDebits',
];
// A signed authorisation request stays usable this long (the customer may take a while at the bank).
const REQUEST_OBJECT_TTL_S = 24 * 3600;
// Transaction pages followed at most; a bank that pages further than this is cut off, not looped on.
const MAX_PAGES = 100;
const enc = encodeURIComponent;

export class OpenBankingProvider implements BankProvider {
  readonly info: ProviderInfo;
  private readonly client: ObClient;

  constructor(
    private readonly config: OpenBankingProviderConfig,
    private readonly options: ObClientOptions,
  ) {
    this.info = {
      id: config.id,
      name: config.name,
      paymentInitiation: config.paymentInitiation,
      standingOrders: config.standingOrders,
      accountInformation: config.accountInformation,
    };
    this.client = new ObClient(config, options);
  }

  close(): Promise<void> {
    return this.client.close();
  }

  async completeAuthorisation(input: AuthorisationCompletion): Promise<void> {
    await this.client.exchangeCode(input.consentId, input.code, input.redirectUri);
  }

  // ---- single payments and refunds

  async createPaymentConsent(input: PaymentConsentRequest): Promise<BankConsent> {
    this.assertSupported('paymentInitiation', 'payment initiation');
    const body = {
      Data: {
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
      Risk: { PaymentContextCode: input.debtor ? 'PartyToParty' : 'EcommerceGoods' },
    };
    const created = await this.client.call<ObDomesticConsentResponse>(
      'POST',
      `${this.config.paymentsUrl}/domestic-payment-consents`,
      { kind: 'client', scope: 'payments' },
      { body, idempotencyKey: input.idempotencyKey },
    );
    return this.consentOf(created.Data, 'payments', input);
  }

  async getPaymentConsent(consentId: string): Promise<BankConsentState> {
    const body = await this.client.call<ObDomesticConsentResponse>(
      'GET',
      `${this.config.paymentsUrl}/domestic-payment-consents/${enc(consentId)}`,
      { kind: 'client', scope: 'payments' },
    );
    return consentStateOf(body.Data, this.now());
  }

  async submitPayment(input: SubmitRequest): Promise<BankPayment> {
    // The payment must repeat the consent's Initiation and Risk exactly, so read them back first.
    const consent = await this.client.call<ObDomesticConsentResponse>(
      'GET',
      `${this.config.paymentsUrl}/domestic-payment-consents/${enc(input.consentId)}`,
      { kind: 'client', scope: 'payments' },
    );
    const body = await this.client.call<ObDomesticPaymentResponse>(
      'POST',
      `${this.config.paymentsUrl}/domestic-payments`,
      { kind: 'consent', consentId: input.consentId },
      {
        body: {
          Data: { ConsentId: input.consentId, Initiation: consent.Data.Initiation },
          Risk: consent.Risk,
        },
        idempotencyKey: input.idempotencyKey,
      },
    );
    return bankPaymentOf(body);
  }

  async getPayment(paymentId: string): Promise<BankPayment> {
    const body = await this.client.call<ObDomesticPaymentResponse>(
      'GET',
      `${this.config.paymentsUrl}/domestic-payments/${enc(paymentId)}`,
      { kind: 'client', scope: 'payments' },
    );
    return bankPaymentOf(body);
  }

  // ---- standing orders

  async createStandingOrderConsent(input: StandingOrderConsentRequest): Promise<BankConsent> {
    this.assertSupported('standingOrders', 'standing orders');
    if (!Number.isInteger(input.numberOfPayments) || input.numberOfPayments < 0) {
      throw new BankError('rejected_request', 'numberOfPayments must be a whole number, 0 for open-ended');
    }
    const amount = obAmount(input.amount);
    const body = {
      Data: {
        Permission: 'Create',
        ReadRefundAccount: 'Yes',
        Initiation: {
          Frequency: obFrequency(input.frequency, input.firstPaymentDate),
          Reference: input.reference,
          ...(input.numberOfPayments > 0 ? { NumberOfPayments: String(input.numberOfPayments) } : {}),
          FirstPaymentDateTime: new Date(input.firstPaymentDate).toISOString(),
          FirstPaymentAmount: amount,
          RecurringPaymentAmount: amount,
          ...(input.numberOfPayments > 0 ? { FinalPaymentAmount: amount } : {}),
          ...(input.debtor ? { DebtorAccount: obAccount(input.debtor) } : {}),
          CreditorAccount: obAccount(input.creditor),
        },
      },
      Risk: { PaymentContextCode: 'BillPayment' },
    };
    const created = await this.client.call<ObStandingOrderConsentResponse>(
      'POST',
      `${this.config.paymentsUrl}/domestic-standing-order-consents`,
      { kind: 'client', scope: 'payments' },
      { body, idempotencyKey: input.idempotencyKey },
    );
    return this.consentOf(created.Data, 'payments', input);
  }

  async getStandingOrderConsent(consentId: string): Promise<BankConsentState> {
    const body = await this.client.call<ObStandingOrderConsentResponse>(
      'GET',
      `${this.config.paymentsUrl}/domestic-standing-order-consents/${enc(consentId)}`,
      { kind: 'client', scope: 'payments' },
    );
    return consentStateOf(body.Data, this.now());
  }

  async submitStandingOrder(input: SubmitRequest): Promise<BankStandingOrder> {
    const consent = await this.client.call<ObStandingOrderConsentResponse>(
      'GET',
      `${this.config.paymentsUrl}/domestic-standing-order-consents/${enc(input.consentId)}`,
      { kind: 'client', scope: 'payments' },
    );
    const body = await this.client.call<ObStandingOrderResponse>(
      'POST',
      `${this.config.paymentsUrl}/domestic-standing-orders`,
      { kind: 'consent', consentId: input.consentId },
      {
        body: {
          Data: { ConsentId: input.consentId, Initiation: consent.Data.Initiation },
          Risk: consent.Risk,
        },
        idempotencyKey: input.idempotencyKey,
      },
    );
    return bankStandingOrderOf(body);
  }

  async getStandingOrder(standingOrderId: string): Promise<BankStandingOrder> {
    const body = await this.client.call<ObStandingOrderResponse>(
      'GET',
      `${this.config.paymentsUrl}/domestic-standing-orders/${enc(standingOrderId)}`,
      { kind: 'client', scope: 'payments' },
    );
    return bankStandingOrderOf(body);
  }

  async listStandingOrderPayments(standingOrderId: string): Promise<StandingOrderPayment[]> {
    const body = await this.client.call<ObPaymentDetailsResponse>(
      'GET',
      `${this.config.paymentsUrl}/domestic-standing-orders/${enc(standingOrderId)}/payment-details`,
      { kind: 'client', scope: 'payments' },
    );
    return standingOrderPaymentsOf(body);
  }

  // ---- account information

  async createAccountAccessConsent(input: AccountAccessConsentRequest): Promise<BankConsent> {
    this.assertSupported('accountInformation', 'account information');
    const created = await this.client.call<ObAccessConsentResponse>(
      'POST',
      `${this.config.accountsUrl}/account-access-consents`,
      { kind: 'client', scope: 'accounts' },
      {
        body: {
          Data: {
            Permissions: ACCOUNT_PERMISSIONS,
            ExpirationDateTime: new Date(input.expiresAt).toISOString(),
          },
          Risk: {},
        },
      },
    );
    return this.consentOf(created.Data, 'accounts', input);
  }

  async getAccountAccessConsent(consentId: string): Promise<BankConsentState> {
    const body = await this.client.call<ObAccessConsentResponse>(
      'GET',
      `${this.config.accountsUrl}/account-access-consents/${enc(consentId)}`,
      { kind: 'client', scope: 'accounts' },
    );
    return consentStateOf(body.Data, this.now());
  }

  async revokeAccountAccessConsent(consentId: string): Promise<void> {
    await this.client.call<unknown>(
      'DELETE',
      `${this.config.accountsUrl}/account-access-consents/${enc(consentId)}`,
      { kind: 'client', scope: 'accounts' },
    );
    await deleteGrant(this.options.db, this.config.id, consentId);
  }

  async listAccounts(consentId: string): Promise<BankAccountInfo[]> {
    const body = await this.client.call<ObAccountResponse>('GET', `${this.config.accountsUrl}/accounts`, {
      kind: 'consent',
      consentId,
    });
    const out: BankAccountInfo[] = [];
    for (const account of body.Data.Account ?? []) {
      // Only accounts a UK payment can reach: those with a sort code and account number.
      const ref = (account.Account ?? []).map(accountRefOf).find((r) => r !== null);
      if (!ref) continue;
      out.push({
        accountId: account.AccountId,
        sortCode: ref.sortCode,
        accountNumber: ref.accountNumber,
        name: ref.name || account.Nickname || '',
        currency: account.Currency ?? 'GBP',
      });
    }
    return out;
  }

  async getBalance(consentId: string, accountId: string): Promise<BankBalance> {
    const body = await this.client.call<ObBalanceResponse>(
      'GET',
      `${this.config.accountsUrl}/accounts/${enc(accountId)}/balances`,
      { kind: 'consent', consentId },
    );
    const signed = (type: string) => {
      const balance = body.Data.Balance.find((b) => b.Type === type);
      if (!balance) return undefined;
      return {
        pence: penceOf(balance.Amount) * (balance.CreditDebitIndicator === 'Debit' ? -1 : 1),
        at: balance.DateTime,
      };
    };
    const booked = signed('InterimBooked') ?? signed('ClosingBooked') ?? signed('OpeningBooked');
    const available = signed('InterimAvailable') ?? signed('ClosingAvailable') ?? booked;
    if (!booked || !available) throw new BankError('unavailable', 'the bank answered no booked balance');
    return { accountId, available: available.pence, booked: booked.pence, at: booked.at };
  }

  async listTransactions(consentId: string, accountId: string, range: DateRange): Promise<BankTransaction[]> {
    const query = new URLSearchParams({
      fromBookingDateTime: new Date(range.from).toISOString(),
      toBookingDateTime: new Date(range.to).toISOString(),
    });
    let url: string | undefined =
      `${this.config.accountsUrl}/accounts/${enc(accountId)}/transactions?${query}`;
    const out: BankTransaction[] = [];
    for (let page = 0; url && page < MAX_PAGES; page++) {
      const body: ObTransactionResponse = await this.client.call<ObTransactionResponse>('GET', url, {
        kind: 'consent',
        consentId,
      });
      for (const tx of body.Data.Transaction ?? []) out.push(bankTransactionOf(tx, out.length));
      url = this.nextPage(body.Links?.Next, url);
    }
    return out;
  }

  // ---- helpers

  private now(): Date {
    return this.options.clock.now();
  }

  private assertSupported(
    capability: 'paymentInitiation' | 'standingOrders' | 'accountInformation',
    what: string,
  ) {
    if (!this.config[capability]) {
      throw new BankError('rejected_request', `provider ${this.config.id} does not offer ${what}`);
    }
  }

  /** A Next link on the bank's own host only: a bank's answer must not send our tokens elsewhere. */
  private nextPage(next: string | undefined, current: string): string | undefined {
    if (!next) return undefined;
    try {
      const url = new URL(next, current);
      return url.origin === new URL(this.config.accountsUrl).origin && url.toString() !== current
        ? url.toString()
        : undefined;
    } catch {
      return undefined;
    }
  }

  private consentOf(
    data: { ConsentId: string; CreationDateTime: string; Status: string; StatusUpdateDateTime: string },
    scope: 'payments' | 'accounts',
    request: { redirectUri: string; state: string },
  ): BankConsent {
    const state = consentStateOf({ ...data, Status: data.Status as 'AwaitingAuthorisation' }, this.now());
    return {
      consentId: data.ConsentId,
      status: state.status,
      authorizationUrl: this.authorizationUrl(data.ConsentId, scope, request),
      createdAt: data.CreationDateTime,
    };
  }

  /**
   * The OAuth2 authorization request, with the consent named in a signed request object (OIDC
   * `request`, claim openbanking_intent_id) as Open Banking banks expect it.
   */
  private authorizationUrl(
    consentId: string,
    scope: 'payments' | 'accounts',
    request: { redirectUri: string; state: string },
  ): string {
    const { clientId, clientSecret, issuer, authorizationUrl } = this.config;
    const iat = Math.floor(this.now().getTime() / 1000);
    const nonce = randomBytes(16).toString('base64url');
    const params = {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: request.redirectUri,
      scope: `openid ${scope}`,
      state: request.state,
      nonce,
    };
    const requestObject = signHs256(
      {
        ...params,
        iss: clientId,
        aud: issuer,
        iat,
        exp: iat + REQUEST_OBJECT_TTL_S,
        claims: {
          id_token: { openbanking_intent_id: { value: consentId, essential: true } },
          userinfo: { openbanking_intent_id: { value: consentId, essential: true } },
        },
      },
      clientSecret,
    );
    return `${authorizationUrl}?${new URLSearchParams({ ...params, request: requestObject })}`;
  }
}
