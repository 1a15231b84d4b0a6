// A bank account as group D objects refer to it (company `bankAccount`, integration `bankAccount`):
// its id and the group D fields of spec 2.8 (the statement file stays with the bank account's own form).
import { Type } from '@sinclair/typebox';
import type { BankAccount } from '../../domain/bank-accounts/bank-account.js';
import { groupDStatus } from '../../domain/bank-accounts/bank-account-status.js';
import { Id, PartnerBankAccountStatus } from '../schemas.js';

export const BankAccountRef = Type.Object({
  id: Id,
  name: Type.String(),
  providerExternalId: Type.String({ description: 'provider' }),
  externalAccountId: Type.String({ description: 'account number, 8 digits' }),
  identification: Type.String({ description: 'sort code, 6 digits' }),
  status: PartnerBankAccountStatus,
});

export function toBankAccountRef(account: BankAccount) {
  return {
    id: account.id,
    name: account.name,
    providerExternalId: account.provider,
    externalAccountId: account.accountNumber,
    identification: account.sortCode,
    status: groupDStatus(account.status),
  };
}
