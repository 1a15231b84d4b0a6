// Which providers a bank account may name (spec 2.13): any of the configured list for an account added
// by hand (`other` included), and only a bank with an account-information API for a connection.
import type { Deps } from '../../context.js';
import { invalid } from '../errors.js';

export function assertProvider(deps: Deps, field: string, provider: string): void {
  const all = deps.banks.providers.all();
  if (!all.includes(provider)) throw invalid(field, `must be one of ${all.join(', ')}`);
}

export function assertDataApiProvider(deps: Deps, field: string, provider: string): void {
  const connectable = deps.banks.providers.accountInformation();
  if (!connectable.includes(provider)) {
    throw invalid(
      field,
      `must be a bank that can be connected: one of ${connectable.join(', ') || '(none configured)'}`,
    );
  }
}
