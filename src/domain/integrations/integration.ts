export interface Integration {
  id: string;
  companyId: string;
  name: string;
  webhookUrl: string;
  redirectUrl: string | null;
  servicePaymentPageRedirectEnabled: boolean;
  isRetryWebhookEnabled: boolean;
  isSandbox: boolean;
  bankAccountId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface IntegrationWrite {
  name: string;
  webhookUrl: string;
  redirectUrl?: string | null | undefined;
  servicePaymentPageRedirectEnabled: boolean;
  isRetryWebhookEnabled?: boolean | undefined;
  isSandbox?: boolean | undefined;
  bankAccountId?: string | undefined;
}

/** An integration as answered by the call that created it or changed its webhook URL: secrets shown once. */
export interface IntegrationWithSecrets {
  integration: Integration;
  secretKey?: string;
  webhookSecret?: string;
}
