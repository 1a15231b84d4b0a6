// The provider enumeration (spec 2.13) as a schema, from the configured provider list: one `enum`, so
// that a wrong value gets one clear error instead of one per allowed value.
import { Type } from '@sinclair/typebox';
import type { ProviderList } from '../../providers/providers.js';

export function ProviderSchema(providers: ProviderList, options: { withOther: boolean }) {
  const ids = options.withOther ? providers.all() : providers.withoutOther();
  // With no bank configured (no sandbox, no OPEN_BANKING_PROVIDERS) nothing is allowed; an empty
  // `enum` is not a valid schema, so say it with `not` and let the app still start.
  const allowed = ids.length > 0 ? { enum: ids } : { not: {} };
  return Type.Unsafe<string>({
    type: 'string',
    ...allowed,
    description: options.withOther
      ? 'provider (spec 2.13), `other` included'
      : 'a bank provider (spec 2.13), not `other`',
  });
}
