// BankProvider over the UK Open Banking Read/Write API v3.1: one instance per configured bank
// (`ob-sandbox` included, reached over HTTP like any other).
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
import type { ProviderInfo } from '../providers.js';
import type { ObCredentials } from './credentials.js';
import { deleteGrant } from './grant.repository.js';
import { nonceOf } from './nonce.js';
import { ObClient, type ObClientOptions } from './ob-client.js';
import type {
  ObAccessConsentResponse,
  ObAccountResponse,
  ObBalanceResponse,
  ObDomesticConsentResponse,
  ObDomesticPaymentResponse,
  ObFundsConfirmationResponse,
  ObPaymentDetailsResponse,
  ObStandingOrderConsentResponse,
  ObStandingOrderResponse,
  ObTransactionResponse,
} from './ob-wire.js';
import type { OpenBankingProviderConfig } from './provider-config.js';
import { registrationRequestOf } from './registration.js';
import { accessConsentBody, paymentConsentBody, standingOrderConsentBody } from './request-bodies.js';
import {
  bankAccountsOf,
  bankBalanceOf,
  bankPaymentOf,
  bankStandingOrderOf,
  bankTransactionOf,
  consentStateOf,
  standingOrderPaymentsOf,
} from './transformers.js';

// Transaction pages followed at most; a bank that pages further than this is cut off, not looped on.
const MAX_PAGES = 100;
const enc = encodeURIComponent;

export class OpenBankingProvider implements BankProvider {
  readonly info: ProviderInfo;
  private readonly client: ObClient;

  constructor(
    private readonly config: OpenBankingProviderConfig,
    private readonly credentials: ObCredentials,
    private readonly options: ObClientOptions,
  ) {
    this.info = {
      id: config.id,
      name: config.name,
      paymentInitiation: config.paymentInitiation,
      standingOrders: config.standingOrders,
      accountInformation: config.accountInformation,
      ...(config.logoUrl ? { logoUrl: config.logoUrl } : {}),
      available: config.available !== false,
    };
    this.client = new ObClient(config, credentials, options);
  }

  close(): Promise<void> {
    return this.client.close();
  }

  get issuer(): string {
    return this.config.issuer;
  }

  /**
   * Registers paybank at the bank (DCR) with the directory's software statement; the client id. The
   * registration endpoint comes from discovery unless given.
   */
  async register(
    softwareStatement: string,
    redirectUris: string[],
    registrationUrl?: string,
  ): Promise<string> {
    const request = await registrationRequestOf({
      config: this.config,
      signing: this.credentials.signing,
      softwareStatement,
      redirectUris,
      now: this.now(),
    });
    return this.client.register(request, registrationUrl);
  }

  /** Reads the bank's discovery document now; a BankError when it cannot. */
  discover(): Promise<void> {
    return this.client.discover();
  }

  async checkAuthorisation(input: AuthorisationCompletion): Promise<void> {
    await this.client.checkAnswer(this.answerOf(input));
  }

  async completeAuthorisation(input: AuthorisationCompletion): Promise<void> {
    // Never exchange a code whose id_token does not hold (FAPI 1.0 Advanced 5.2.2.1): checked inside.
    await this.client.exchangeCode(this.answerOf(input));
  }

  private answerOf(input: AuthorisationCompletion) {
    return {
      consentId: input.consentId,
      code: input.code,
      idToken: input.idToken,
      state: input.state,
      nonce: nonceOf(this.credentials.signing, input.state),
      redirectUri: input.redirectUri,
    };
  }

  // ---- single payments and refunds

  async createPaymentConsent(input: PaymentConsentRequest): Promise<BankConsent> {
    this.assertSupported('paymentInitiation', 'payment initiation');
    const body = paymentConsentBody(input);
    const created = await this.client.call<ObDomesticConsentResponse>(
      'POST',
      `${await this.pisp()}/domestic-payment-consents`,
      { kind: 'client', scope: 'payments' },
      { body, idempotencyKey: input.idempotencyKey, signed: true },
    );
    return this.consentOf(created.Data, 'payments', input);
  }

  async getPaymentConsent(consentId: string): Promise<BankConsentState> {
    const body = await this.client.call<ObDomesticConsentResponse>(
      'GET',
      `${await this.pisp()}/domestic-payment-consents/${enc(consentId)}`,
      { kind: 'client', scope: 'payments' },
    );
    return consentStateOf(body.Data, this.now());
  }

  async submitPayment(input: SubmitRequest): Promise<BankPayment> {
    // The payment must repeat the consent's Initiation and Risk exactly, so read them back first.
    const consent = await this.client.call<ObDomesticConsentResponse>(
      'GET',
      `${await this.pisp()}/domestic-payment-consents/${enc(input.consentId)}`,
      { kind: 'client', scope: 'payments' },
    );
    if (this.config.fundsConfirmation) await this.confirmFunds(input.consentId);
    const body = await this.client.call<ObDomesticPaymentResponse>(
      'POST',
      `${await this.pisp()}/domestic-payments`,
      { kind: 'consent', consentId: input.consentId },
      {
        body: {
          Data: { ConsentId: input.consentId, Initiation: consent.Data.Initiation },
          Risk: consent.Risk,
        },
        idempotencyKey: input.idempotencyKey,
        signed: true,
      },
    );
    return bankPaymentOf(body);
  }

  /** The bank's funds confirmation (API.md 10.1 `fundsConfirmation`): short funds submit nothing. */
  private async confirmFunds(consentId: string): Promise<void> {
    const body = await this.client.call<ObFundsConfirmationResponse>(
      'GET',
      `${await this.pisp()}/domestic-payment-consents/${enc(consentId)}/funds-confirmation`,
      { kind: 'consent', consentId },
    );
    const result = body.Data.FundsAvailableResult;
    if (!result) throw new BankError('unavailable', 'the bank answered an unreadable funds confirmation');
    if (!result.FundsAvailable) {
      throw new BankError(
        'insufficient_funds',
        'Your bank says the account does not have enough money for this payment, so it was not made and nothing was paid. You can try again with another account.',
      );
    }
  }

  async getPayment(paymentId: string): Promise<BankPayment> {
    const body = await this.client.call<ObDomesticPaymentResponse>(
      'GET',
      `${await this.pisp()}/domestic-payments/${enc(paymentId)}`,
      { kind: 'client', scope: 'payments' },
    );
    return bankPaymentOf(body);
  }

  // ---- standing orders

  async createStandingOrderConsent(input: StandingOrderConsentRequest): Promise<BankConsent> {
    this.assertSupported('standingOrders', 'standing orders');
    const body = standingOrderConsentBody(input);
    const created = await this.client.call<ObStandingOrderConsentResponse>(
      'POST',
      `${await this.pisp()}/domestic-standing-order-consents`,
      { kind: 'client', scope: 'payments' },
      { body, idempotencyKey: input.idempotencyKey, signed: true },
    );
    return this.consentOf(created.Data, 'payments', input);
  }

  async getStandingOrderConsent(consentId: string): Promise<BankConsentState> {
    const body = await this.client.call<ObStandingOrderConsentResponse>(
      'GET',
      `${await this.pisp()}/domestic-standing-order-consents/${enc(consentId)}`,
      { kind: 'client', scope: 'payments' },
    );
    return consentStateOf(body.Data, this.now());
  }

  async submitStandingOrder(input: SubmitRequest): Promise<BankStandingOrder> {
    const consent = await this.client.call<ObStandingOrderConsentResponse>(
      'GET',
      `${await this.pisp()}/domestic-standing-order-consents/${enc(input.consentId)}`,
      { kind: 'client', scope: 'payments' },
    );
    const body = await this.client.call<ObStandingOrderResponse>(
      'POST',
      `${await this.pisp()}/domestic-standing-orders`,
      { kind: 'consent', consentId: input.consentId },
      {
        body: {
          Data: { ConsentId: input.consentId, Initiation: consent.Data.Initiation },
          Risk: consent.Risk,
        },
        idempotencyKey: input.idempotencyKey,
        signed: true,
      },
    );
    return bankStandingOrderOf(body);
  }

  async getStandingOrder(standingOrderId: string): Promise<BankStandingOrder> {
    const body = await this.client.call<ObStandingOrderResponse>(
      'GET',
      `${await this.pisp()}/domestic-standing-orders/${enc(standingOrderId)}`,
      { kind: 'client', scope: 'payments' },
    );
    return bankStandingOrderOf(body);
  }

  async listStandingOrderPayments(standingOrderId: string): Promise<StandingOrderPayment[]> {
    const body = await this.client.call<ObPaymentDetailsResponse>(
      'GET',
      `${await this.pisp()}/domestic-standing-orders/${enc(standingOrderId)}/payment-details`,
      { kind: 'client', scope: 'payments' },
    );
    return standingOrderPaymentsOf(body);
  }

  // ---- account information

  async createAccountAccessConsent(input: AccountAccessConsentRequest): Promise<BankConsent> {
    this.assertSupported('accountInformation', 'account information');
    const created = await this.client.call<ObAccessConsentResponse>(
      'POST',
      `${await this.aisp()}/account-access-consents`,
      { kind: 'client', scope: 'accounts' },
      { body: accessConsentBody(input) },
    );
    return this.consentOf(created.Data, 'accounts', input);
  }

  async getAccountAccessConsent(consentId: string): Promise<BankConsentState> {
    const body = await this.client.call<ObAccessConsentResponse>(
      'GET',
      `${await this.aisp()}/account-access-consents/${enc(consentId)}`,
      { kind: 'client', scope: 'accounts' },
    );
    return consentStateOf(body.Data, this.now());
  }

  async revokeAccountAccessConsent(consentId: string): Promise<void> {
    await this.client.call<unknown>(
      'DELETE',
      `${await this.aisp()}/account-access-consents/${enc(consentId)}`,
      { kind: 'client', scope: 'accounts' },
    );
    await deleteGrant(this.options.db, this.config.id, consentId);
  }

  async listAccounts(consentId: string): Promise<BankAccountInfo[]> {
    const body = await this.client.call<ObAccountResponse>('GET', `${await this.aisp()}/accounts`, {
      kind: 'consent',
      consentId,
    });
    return bankAccountsOf(body);
  }

  async getBalance(consentId: string, accountId: string): Promise<BankBalance> {
    const body = await this.client.call<ObBalanceResponse>(
      'GET',
      `${await this.aisp()}/accounts/${enc(accountId)}/balances`,
      { kind: 'consent', consentId },
    );
    return bankBalanceOf(body, accountId);
  }

  async listTransactions(consentId: string, accountId: string, range: DateRange): Promise<BankTransaction[]> {
    const query = new URLSearchParams({
      fromBookingDateTime: new Date(range.from).toISOString(),
      toBookingDateTime: new Date(range.to).toISOString(),
    });
    let url: string | undefined = `${await this.aisp()}/accounts/${enc(accountId)}/transactions?${query}`;
    const out: BankTransaction[] = [];
    for (let page = 0; url && page < MAX_PAGES; page++) {
      const body: ObTransactionResponse = await this.client.call<ObTransactionResponse>('GET', url, {
        kind: 'consent',
        consentId,
      });
      for (const tx of body.Data.Transaction ?? []) out.push(bankTransactionOf(tx, out.length));
      url = this.nextPage(body.Links?.Next, url, await this.aisp());
    }
    return out;
  }

  // ---- helpers

  private async pisp(): Promise<string> {
    return (await this.client.endpoints()).paymentsUrl;
  }

  private async aisp(): Promise<string> {
    return (await this.client.endpoints()).accountsUrl;
  }

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
  private nextPage(next: string | undefined, current: string, accountsUrl: string): string | undefined {
    if (!next) return undefined;
    try {
      const url = new URL(next, current);
      return url.origin === new URL(accountsUrl).origin && url.toString() !== current
        ? url.toString()
        : undefined;
    } catch {
      return undefined;
    }
  }

  private async consentOf(
    data: { ConsentId: string; CreationDateTime: string; Status: string; StatusUpdateDateTime: string },
    scope: 'payments' | 'accounts',
    request: { redirectUri: string; state: string },
  ): Promise<BankConsent> {
    const state = consentStateOf({ ...data, Status: data.Status as 'AwaitingAuthorisation' }, this.now());
    return {
      consentId: data.ConsentId,
      status: state.status,
      authorizationUrl: await this.client.authorizationUrl({
        consentId: data.ConsentId,
        scope,
        redirectUri: request.redirectUri,
        state: request.state,
        nonce: nonceOf(this.credentials.signing, request.state),
      }),
      createdAt: data.CreationDateTime,
    };
  }
}
