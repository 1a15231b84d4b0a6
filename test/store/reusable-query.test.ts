// A query built once per database answers each call with that call's arguments, wherever they sit in
// the SQL, on SQLite and on PostgreSQL.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reusableQuery } from '../../src/store/reusable-query.js';
import { buildTestApp } from '../helpers/app.js';
import { createIntegration, tenant } from '../helpers/fixtures.js';

test('a reusable query binds each call’s own arguments, in any order and more than once', async (t) => {
  const app = await buildTestApp(t);
  const a = await tenant(app, 'Partner A');
  const b = await tenant(app, 'Partner B');
  const inA = await createIntegration(app, a.partner, a.company.id);
  const inB = await createIntegration(app, b.partner, b.company.id);
  // The second argument comes first in the SQL, and the first is used twice.
  const ofCompany = reusableQuery((db, id: string, companyId: string) =>
    db
      .selectFrom('integrations')
      .select(['id', 'company_id'])
      .where('company_id', '=', companyId)
      .where((eb) => eb.or([eb('id', '=', id), eb('name', '=', id)])),
  );
  assert.deepEqual(await ofCompany(app.deps.db, inA.id, a.company.id), [
    { id: inA.id, company_id: a.company.id },
  ]);
  assert.deepEqual(await ofCompany(app.deps.db, inB.id, b.company.id), [
    { id: inB.id, company_id: b.company.id },
  ]);
  assert.deepEqual(await ofCompany(app.deps.db, inA.id, b.company.id), []);

  const withConstant = reusableQuery((db, id: string) =>
    db.selectFrom('integrations').select('id').where('id', '=', id).where('name', '=', 'fixed'),
  );
  await assert.rejects(withConstant(app.deps.db, inA.id), /a parameter that is not an argument/);
});
