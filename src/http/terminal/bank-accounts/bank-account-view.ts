// Group B form of a bank account (spec 2.7). consentID is present only for accounts connected via the app.
import { Type } from '@sinclair/typebox';
import {
  ACCOUNT_NUMBER_PATTERN,
  type BankAccount,
  CONSENT_POINTS,
  CREATION_TYPES,
  SORT_CODE_PATTERN,
} from '../../../domain/bank-accounts/bank-account.js';
import { BankAccountStatus, Id, Nullable, Timestamp } from '../../schemas.js';

export const BankAccountB = Type.Object(
  {
    id: Id,
    sortCode: Type.String({ pattern: SORT_CODE_PATTERN }),
    accountNumber: Type.String({ pattern: ACCOUNT_NUMBER_PATTERN }),
    name: Type.String(),
    provider: Type.String({ description: '`other` or `ob-<bank>` (spec 2.13)' }),
    isDefault: Type.Boolean(),
    status: BankAccountStatus,
    creationType: Type.Union(CREATION_TYPES.map((s) => Type.Literal(s))),
    createdAt: Timestamp,
    bankStatementAttachmentURL: Nullable(Type.String()),
    consentID: Type.Optional(Type.String({ description: 'only for accounts connected via the app' })),
    bankConsentExpired: Nullable(
      Type.Union(
        CONSENT_POINTS.map((s) => Type.Literal(s)),
        {
          description: 'data_api accounts: where the consent stands; null for manual accounts',
        },
      ),
    ),
  },
  { title: 'BankAccount' },
);

export function toBankAccountB(account: BankAccount) {
  return {
    id: account.id,
    sortCode: account.sortCode,
    accountNumber: account.accountNumber,
    name: account.name,
    provider: account.provider,
    isDefault: account.isDefault,
    status: account.status,
    creationType: account.creationType,
    createdAt: account.createdAt,
    bankStatementAttachmentURL: account.bankStatementAttachmentURL,
    ...(account.consentId ? { consentID: account.consentId } : {}),
    bankConsentExpired: account.bankConsentExpired,
  };
}
