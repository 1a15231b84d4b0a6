// Group D bank-account operations (API.md 6), registered by the partner group.
import { partnerAuthorizationUrlRoute } from './authorization-url.js';
import { partnerCreateBankAccountRoute } from './create-bank-account.js';
import { partnerDownloadStatementRoute } from './download-statement.js';
import { partnerGetBankAccountRoute } from './get-bank-account.js';
import { partnerListBankAccountsRoute } from './list-bank-accounts.js';
import { partnerRenameBankAccountRoute } from './rename-bank-account.js';

export const partnerBankAccountRoutes = [
  partnerCreateBankAccountRoute,
  partnerRenameBankAccountRoute,
  partnerListBankAccountsRoute,
  partnerGetBankAccountRoute,
  partnerAuthorizationUrlRoute,
  partnerDownloadStatementRoute,
];
