// A company's branding in the portal: an admin sets the colour and uploads a logo (multipart, with the
// form's CSRF token); a refused file or colour is said on the page and changes nothing; a viewer and a
// developer read it without the form; the change is in the audit log.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { multipart, SAMPLE_FILES } from '../helpers/multipart.js';
import { csrfOf, idsOf, type PortalClient, signedInUser } from '../helpers/portal.js';

async function post(client: PortalClient, url: string, fields: Record<string, string>, file?: Buffer) {
  const page = await client.get(url);
  const form = await multipart(
    { _csrf: csrfOf(page.body), ...fields },
    file ? { name: 'logo.png', data: file } : undefined,
  );
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return client.t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...form.headers },
    payload: form.payload,
  });
}

test('branding form: colour and logo saved, bad input refused on the page, readers see no form', async (t) => {
  const app = await buildTestApp(t);
  const admin = await signedInUser(app, { role: 'admin' });
  const { companyId } = await idsOf(app, admin.partner, admin.userId);
  const url = `/portal/companies/${companyId}/branding`;

  const empty = await admin.client.get(url);
  assert.equal(empty.statusCode, 200, empty.body);
  assert.match(empty.body, /enctype="multipart\/form-data"/);
  assert.match(empty.body, /id="current-logo">none/);

  const saved = await post(admin.client, url, { accentColour: '#FFD700' }, SAMPLE_FILES.png);
  assert.equal(saved.statusCode, 200, saved.body);
  assert.match(saved.body, /Branding saved\./);
  assert.match(saved.body, /background:#ffd700;color:#000000/);
  assert.match(
    saved.body,
    /<img src="\/public\/v1\/logos\/[0-9a-f]{24}\.png" alt="Current logo of Acme Widgets Ltd"/,
  );
  const api = await app.call({
    method: 'GET',
    url: `/partner/v1/companies/${companyId}/branding`,
    headers: admin.partner.partnerHeaders,
  });
  assert.equal(api.json().data.accentColour, '#ffd700');
  assert.equal(api.json().data.logo.contentType, 'image/png');

  // Refused: an HTML file posing as a logo, a colour that is not #rrggbb. Nothing changes.
  const html = await post(
    admin.client,
    url,
    { accentColour: '#000000' },
    Buffer.from('<html><script>x</script>'),
  );
  assert.equal(html.statusCode, 400);
  assert.match(html.body, /id="branding-error">Logo must be a PNG, JPEG or GIF image/);
  const colour = await post(admin.client, url, { accentColour: 'red"><script>' });
  assert.equal(colour.statusCode, 400);
  assert.match(colour.body, /Accent colour must be a colour #rrggbb/);
  assert.doesNotMatch(colour.body, /"><script>/);
  const unchanged = await app.call({
    method: 'GET',
    url: `/partner/v1/companies/${companyId}/branding`,
    headers: admin.partner.partnerHeaders,
  });
  assert.deepEqual(unchanged.json().data, api.json().data);

  // Removing the logo and clearing the colour.
  const cleared = await post(admin.client, url, { accentColour: '', removeLogo: 'yes' });
  assert.equal(cleared.statusCode, 200, cleared.body);
  assert.match(cleared.body, /id="current-logo">none/);
  assert.match(cleared.body, /id="current-colour">the default/);

  const audit = await admin.client.get('/portal/audit');
  assert.match(audit.body, /branding saved<\/td>\s*<td>Acme Widgets Ltd: colour #ffd700, logo new</);
  assert.equal((audit.body.match(/branding saved/g) ?? []).length, 2, 'refused posts are not audited');

  for (const role of ['viewer', 'developer']) {
    const reader = await signedInUser(app, {
      role,
      partner: admin.partner,
      email: `${role}@partner.example`,
    });
    const page = await reader.client.get(url);
    assert.equal(page.statusCode, 200);
    assert.doesNotMatch(page.body, /Save branding/);
    const tried = await post(reader.client, url, { accentColour: '#000000' }, SAMPLE_FILES.png);
    assert.equal(tried.statusCode, 403, `${role} may not change branding`);
  }

  // Another partner's person: the company does not exist for them.
  const stranger = await signedInUser(app, { email: 'stranger@other.example' });
  assert.equal((await stranger.client.get(url)).statusCode, 404);
});
