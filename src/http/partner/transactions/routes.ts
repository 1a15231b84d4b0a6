// Group D transaction operations (spec 4.D, API.md 6), registered by the partner group.
import { partnerGetTransactionRoute } from './get-transaction.js';
import { partnerListTransactionsRoute } from './list-transactions.js';
import { partnerTransactionsStatisticRoute } from './transactions-statistic.js';

export const partnerTransactionRoutes = [
  partnerTransactionsStatisticRoute,
  partnerListTransactionsRoute,
  partnerGetTransactionRoute,
];
