// Group B operations (API.md 4), registered by the terminal group.
import { connectBankAccountRoute } from './connect-bank-account.js';
import { createBankAccountRoute } from './create-bank-account.js';
import { getBankAccountRoute } from './get-bank-account.js';
import { listBankAccountsRoute } from './list-bank-accounts.js';
import { reconsentBankAccountRoute } from './reconsent-bank-account.js';
import { renameBankAccountRoute } from './rename-bank-account.js';
import { setDefaultBankAccountRoute } from './set-default-bank-account.js';

export const bankAccountRoutes = [
  createBankAccountRoute,
  connectBankAccountRoute,
  listBankAccountsRoute,
  getBankAccountRoute,
  renameBankAccountRoute,
  setDefaultBankAccountRoute,
  reconsentBankAccountRoute,
];
