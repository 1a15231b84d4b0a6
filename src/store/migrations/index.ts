// Every migration, by name, in order. Listed statically so the same list works from source and from dist.
import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_sandbox_bank.js';
import * as m0003 from './0003_events.js';
import * as m0004 from './0004_bank_accounts.js';
import * as m0005 from './0005_companies_officers.js';
import * as m0006 from './0006_payments.js';
import * as m0007 from './0007_recurring.js';
import * as m0008 from './0008_payment_flow.js';
import * as m0009 from './0009_payment_data_api.js';
import * as m0010 from './0010_action_order.js';
import * as m0011 from './0011_payment_counts.js';
import * as m0012 from './0012_live_payment_indexes.js';
import * as m0013 from './0013_bank_terms.js';
import * as m0014 from './0014_idempotency_secrets.js';
import * as m0015 from './0015_secret_rotation.js';
import * as m0017 from './0017_reliability.js';
import * as m0018 from './0018_fapi.js';
import * as m0019 from './0019_portal.js';
import * as m0020 from './0020_fapi_adapter.js';
import * as m0023 from './0023_portal_totp_replay.js';
import * as m0024 from './0024_pages.js';
import * as m0025 from './0025_company_branding.js';
import * as m0026 from './0026_partial_payment_indexes.js';
import * as m0027 from './0027_pending_event_indexes.js';
import * as m0028 from './0028_event_fillfactor.js';
import * as m0029 from './0029_delivery_on_event.js';

export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_sandbox_bank': m0002,
  '0003_events': m0003,
  '0004_bank_accounts': m0004,
  '0005_companies_officers': m0005,
  '0006_payments': m0006,
  '0007_recurring': m0007,
  '0008_payment_flow': m0008,
  '0009_payment_data_api': m0009,
  '0010_action_order': m0010,
  '0011_payment_counts': m0011,
  '0012_live_payment_indexes': m0012,
  '0013_bank_terms': m0013,
  '0014_idempotency_secrets': m0014,
  '0015_secret_rotation': m0015,
  '0017_reliability': m0017,
  '0018_fapi': m0018,
  '0019_portal': m0019,
  '0020_fapi_adapter': m0020,
  '0023_portal_totp_replay': m0023,
  '0024_pages': m0024,
  '0025_company_branding': m0025,
  '0026_partial_payment_indexes': m0026,
  '0027_pending_event_indexes': m0027,
  '0028_event_fillfactor': m0028,
  '0029_delivery_on_event': m0029,
};
