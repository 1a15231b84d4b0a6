// The sandbox bank (provider ob-sandbox): what the rest of the service uses of it.
export {
  accountViewOf,
  approveAuthorisation,
  createSandboxCustomer,
  type ExpiredConsent,
  expireConsent,
  listSandboxAccounts,
  rejectAuthorisation,
  type SandboxAccountView,
} from './controls.js';
export { SANDBOX_SORT_CODE } from './ledger/customers.js';
export { rejectBankPayment, type SettledStatus, settleBankPayment } from './pisp/settlement.js';
export {
  cancelStandingOrderAtBank,
  failNextStandingOrderPayment,
  runDueStandingOrders,
} from './pisp/standing-order-runner.js';
export { SANDBOX_ORG_ID, SANDBOX_SOFTWARE_ID, type SandboxPki, sandboxPki } from './pki.js';
export { sandboxBankPlugin } from './plugin.js';
export { runSandboxBank, sandboxBankJob } from './sandbox-bank.job.js';
export {
  type SandboxBank,
  type SandboxBankDeps,
  type SandboxBankOptions,
  sandboxBankOf,
  sandboxClientKeys,
} from './sandbox-bank.js';
export { DEFAULT_CUSTOMER_ID, DEMO_CUSTOMERS } from './seed.js';
