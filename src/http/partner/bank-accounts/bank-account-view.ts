// Group D form of a bank account (spec 2.8): the provider, account number and sort code under their
// group D names, statuses with spaces, and the statement file (null when none was given).
import { Type } from '@sinclair/typebox';
import type { BankAccount } from '../../../domain/bank-accounts/bank-account.js';
import { groupDStatus } from '../../../domain/bank-accounts/bank-account-status.js';
import type { StatementFile } from '../../../domain/bank-accounts/bank-statement.service.js';
import { Id, Nullable, PartnerBankAccountStatus, Timestamp } from '../../schemas.js';

export const BankAccountD = Type.Object(
  {
    id: Id,
    providerExternalId: Type.String({ description: 'provider (spec 2.13)' }),
    externalAccountId: Type.String({ description: 'account number, 8 digits' }),
    identification: Type.String({ description: 'sort code, 6 digits' }),
    name: Type.String(),
    file: Nullable(
      Type.Object({
        name: Type.String(),
        contentType: Type.String(),
        size: Type.Integer(),
        url: Type.String({ description: 'GET it with the apisecret' }),
      }),
    ),
    status: PartnerBankAccountStatus,
    connectionType: Type.Union([Type.Literal('data_api'), Type.Literal('manual')]),
    isDefault: Type.Boolean(),
    createdAt: Timestamp,
  },
  { title: 'PartnerBankAccount' },
);

export function toBankAccountD(account: BankAccount, files: Map<string, StatementFile>, publicUrl: string) {
  const file = account.statementFileKey ? files.get(account.statementFileKey) : undefined;
  return {
    id: account.id,
    providerExternalId: account.provider,
    externalAccountId: account.accountNumber,
    identification: account.sortCode,
    name: account.name,
    file: file
      ? {
          ...file,
          url: `${publicUrl}/partner/v1/companies/${account.companyId}/bank-accounts/${account.id}/file`,
        }
      : null,
    status: groupDStatus(account.status),
    connectionType: account.creationType === 'data_api' ? ('data_api' as const) : ('manual' as const),
    isDefault: account.isDefault,
    createdAt: account.createdAt,
  };
}
