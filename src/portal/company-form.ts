// The company creation form, checked against the partner API's own body schema (CompanyCreateD), so
// that the portal and POST /partner/v1/companies accept and refuse the same companies.
import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import type { CompanyOnboarding } from '../domain/companies/company-onboarding.service.js';
import type { FieldError } from '../domain/errors.js';
import { CompanyCreateD } from '../http/partner/companies/company-bodies.js';
import { buildAjv, type Validate, validatorFor } from '../http/validation.js';
import { Form } from './schemas.js';

const field = (max = 200) => Type.Optional(Type.String({ maxLength: max }));

export const CompanyForm = Form({
  name: field(),
  type: field(20),
  identifier: field(),
  countryCode: field(2),
  publicEmail: field(254),
  supportPhone: field(50),
  contactName: field(),
  addressLine1: field(),
  city: field(),
  zipCode: field(20),
  sendEmail: field(5),
});
export type CompanyFormBody = Static<typeof CompanyForm>;

const ajv = buildAjv({ coerceTypes: false });
const cache = new WeakMap<object, Validate>();

/** The API body the form stands for; empty fields are left out, as a client would leave them out. */
function bodyOf(form: CompanyFormBody): Record<string, unknown> {
  const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  const address = Object.fromEntries(
    Object.entries({
      addressLine1: text(form.addressLine1),
      city: text(form.city),
      zipCode: text(form.zipCode),
    }).filter(([, v]) => v !== undefined),
  );
  return Object.fromEntries(
    Object.entries({
      name: text(form.name),
      type: text(form.type),
      identifier: text(form.identifier),
      countryCode: text(form.countryCode)?.toUpperCase(),
      publicEmail: text(form.publicEmail),
      supportPhone: text(form.supportPhone),
      contactName: text(form.contactName),
      address,
      sendEmail: form.sendEmail === 'on',
    }).filter(([, v]) => v !== undefined),
  );
}

export function parseCompanyForm(form: CompanyFormBody): {
  input?: CompanyOnboarding;
  errors?: FieldError[];
} {
  const body = bodyOf(form);
  const validate = validatorFor(ajv, cache, CompanyCreateD);
  if (validate(body)) return { input: body as unknown as CompanyOnboarding };
  const errors = (validate.errors ?? []).map((issue) => {
    const missing = issue.keyword === 'required' ? `/${String(issue.params.missingProperty ?? '')}` : '';
    return { field: `${issue.instancePath}${missing}` || '/', message: issue.message ?? 'is invalid' };
  });
  return { errors };
}
