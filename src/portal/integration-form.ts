// The integration form, checked against the partner API's own body schema (IntegrationWriteD), so that
// the portal and POST /partner/v1/companies/:id/integrations accept and refuse the same integrations.
import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import type { FieldError } from '../domain/errors.js';
import type { IntegrationWrite } from '../domain/integrations/integration.js';
import { IntegrationWriteD } from '../http/partner/integrations/integration-view.js';
import { buildAjv, type Validate, validatorFor } from '../http/validation.js';
import { Form } from './schemas.js';

const field = (max = 200) => Type.Optional(Type.String({ maxLength: max }));

export const IntegrationForm = Form({
  name: field(),
  webhookUrl: field(2048),
  redirectUrl: field(2048),
  bankAccount: field(24),
  servicePaymentPageRedirectEnabled: field(5),
  isRetryWebhookEnabled: field(5),
  isSandbox: field(5),
});
export type IntegrationFormBody = Static<typeof IntegrationForm>;

const ajv = buildAjv({ coerceTypes: false });
const cache = new WeakMap<object, Validate>();

/** The API body the form stands for: empty fields left out, checkboxes as booleans. */
function bodyOf(form: IntegrationFormBody): Record<string, unknown> {
  const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  return Object.fromEntries(
    Object.entries({
      name: text(form.name),
      webhookUrl: text(form.webhookUrl),
      redirectUrl: text(form.redirectUrl),
      bankAccount: text(form.bankAccount),
      servicePaymentPageRedirectEnabled: form.servicePaymentPageRedirectEnabled === 'on',
      isRetryWebhookEnabled: form.isRetryWebhookEnabled === 'on',
      isSandbox: form.isSandbox === 'on',
    }).filter(([, v]) => v !== undefined),
  );
}

export function parseIntegrationForm(form: IntegrationFormBody): {
  input?: IntegrationWrite;
  errors?: FieldError[];
} {
  const body = bodyOf(form);
  const validate = validatorFor(ajv, cache, IntegrationWriteD);
  if (!validate(body)) {
    const errors = (validate.errors ?? []).map((issue) => {
      const missing = issue.keyword === 'required' ? `/${String(issue.params.missingProperty ?? '')}` : '';
      return { field: `${issue.instancePath}${missing}` || '/', message: issue.message ?? 'is invalid' };
    });
    return { errors };
  }
  const { bankAccount, ...rest } = body as { bankAccount: string } & Omit<IntegrationWrite, 'bankAccountId'>;
  return { input: { ...rest, bankAccountId: bankAccount } };
}
