// The bank's answer as it counts (API.md 10.2): an approval whose id_token fails a check is handled as
// a rejection, so no money moves and the customer lands where a rejection lands.
import type { Logger } from '../context.js';
import type { AuthorisationReturn } from './authorisation-return.js';
import { isBankError } from './bank-error.js';
import type { BankProvider } from './bank-provider.js';

export async function checkedReturn(
  bank: BankProvider,
  log: Logger,
  consentId: string,
  redirectUri: string,
  back: AuthorisationReturn,
): Promise<AuthorisationReturn> {
  if (back.outcome === 'rejected') return back;
  try {
    await bank.checkAuthorisation({ consentId, redirectUri, ...back });
    return back;
  } catch (err) {
    if (!isBankError(err, 'authorisation_failed')) throw err;
    log.warn({ err, bank: bank.info.id, consentId }, 'the bank answer failed its id_token check');
    return { state: back.state, outcome: 'rejected', error: 'invalid_id_token', description: err.message };
  }
}
