// The sandbox bank's periodic work, driven by the (sandbox) clock: standing orders pay every date the
// clock has passed, with auto settlement any payment left settling is settled, and expired tokens and
// idempotency keys are forgotten.
import type { Job } from '../../workers/job.js';
import { settleLeftovers } from './pisp/settlement.js';
import { runDueStandingOrders } from './pisp/standing-order-runner.js';
import { purgeExpired } from './purge.js';
import type { SandboxBankDeps } from './sandbox-bank.js';

export async function runSandboxBank(bank: SandboxBankDeps, settlement: 'auto' | 'manual'): Promise<void> {
  await runDueStandingOrders(bank);
  if (settlement === 'auto') await settleLeftovers(bank);
  await purgeExpired(bank);
}

export const sandboxBankJob: Job = {
  name: 'sandbox-bank',
  intervalMs: 60_000,
  async run(deps) {
    if (!deps.config.sandbox) return;
    await runSandboxBank(deps, deps.config.sandboxSettlement);
  },
};
