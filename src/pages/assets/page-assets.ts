// The customer pages' shared stylesheet and their one small script, served from the public group
// (CSP: 'self'). Kept as strings here because the build bundles TypeScript and copies only templates.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';

export const PAGES_CSS_PATH = '/public/v1/pages.css';
export const PAGES_SCRIPT_PATH = '/public/v1/pages.js';

export const PAGES_CSS = `/* The customer pages' shared styles beyond each layout's own: the bank picker, the language switch, the
   QR code for paying on a phone, and the status notice. Served at /public/v1/pages.css. */
.lang-switch { text-align: right; margin: 0 0 .75rem; font-size: .95rem; }
.lang-switch a { color: #0b5cad; }
.picker label { display: block; font-weight: 600; margin: 0 0 .35rem; }
.search-row { display: flex; gap: .5rem; margin: 0 0 .5rem; }
.search-row input { flex: 1; min-width: 0; min-height: 2.75rem; font-size: 1rem; padding: .5rem .75rem; border: 1px solid #6b7580; border-radius: .5rem; }
.search-row input:focus-visible, .search-row button:focus-visible, button.link:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }
.search-button { min-height: 2.75rem; padding: .5rem 1rem; font-size: 1rem; border-radius: .5rem; border: 1px solid #0b5cad; background: #0b5cad; color: #fff; cursor: pointer; }
/* With the script the list filters as one types: the button is not needed. */
.js .search-button { display: none; }
ul.banks button { display: flex; align-items: center; gap: .75rem; }
ul.banks button[disabled] { cursor: not-allowed; background: #f2f3f5; color: #4a525b; border-style: dashed; }
.logo { flex: none; width: 2rem; height: 2rem; border-radius: .4rem; object-fit: contain; }
span.logo { display: inline-flex; align-items: center; justify-content: center; font-weight: 700; font-size: .85rem; color: #fff; letter-spacing: .02em; }
.badge-0 { background: #1d4e89; } .badge-1 { background: #6b2d5c; } .badge-2 { background: #1e5f4a; }
.badge-3 { background: #7a3b0c; } .badge-4 { background: #3d3d8f; } .badge-5 { background: #5c4326; }
.badge-other { background: #4a525b; }
.bank-name { flex: 1; }
.tag { font-size: .8rem; font-weight: 600; padding: .1rem .45rem; border-radius: 1rem; background: #e7eef7; color: #0b3f78; }
.tag.unavailable { background: #fdecea; color: #8a1c12; }
.show-all { margin: 0 0 .5rem; }
button.link { background: none; border: 0; padding: .25rem 0; color: #0b5cad; text-decoration: underline; font-size: .95rem; cursor: pointer; }
.forget { margin: .25rem 0 0; }
.phone-qr { display: none; text-align: center; border: 1px solid #d5dae0; border-radius: .6rem; padding: 1rem; margin: 0 0 1rem; }
.phone-qr h2 { font-size: 1.05rem; margin: 0 0 .5rem; }
.phone-qr img { width: 11rem; height: 11rem; }
.phone-qr p { color: #4a525b; font-size: .9rem; margin: .5rem 0 0; }
/* Only where the shop is open on a large screen: a phone is already the phone. */
@media (min-width: 48rem) { .phone-qr { display: block; } }
.check-again { margin-top: .75rem; }
.check-again button { min-height: 2.75rem; padding: .5rem 1rem; font-size: 1rem; border-radius: .5rem; border: 1px solid #0b5cad; background: #fff; color: #0b5cad; cursor: pointer; }
`;

export const PAGES_SCRIPT = String.raw`// The customer pages' one small script (everything works without it): the bank list filters as the
// customer types, and an open page asks the status route whether its payment completed elsewhere
// (on the phone that scanned the QR code), and reloads to show the result when it did.
(function () {
  document.documentElement.className += ' js';
  var search = document.querySelector('[data-bank-search]');
  var list = document.getElementById('banks');
  var none = document.getElementById('no-bank');
  function fold(text) {
    return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  }
  function filter() {
    var wanted = fold(search.value.trim());
    var shown = 0;
    list.querySelectorAll('li[data-bank-name]').forEach(function (item) {
      var match = !wanted || fold(item.getAttribute('data-bank-name')).indexOf(wanted) !== -1;
      item.hidden = !match;
      if (match) shown++;
    });
    if (none) {
      none.hidden = shown > 0 || !wanted;
      none.textContent = none.getAttribute('data-template').replace('{q}', search.value.trim());
    }
  }
  if (search && list) {
    search.addEventListener('input', filter);
    filter();
  }

  var watched = document.querySelector('[data-poll]');
  if (!watched) return;
  var url = watched.getAttribute('data-poll');
  var shownStatus = watched.getAttribute('data-status');
  var tries = 0;
  function poll() {
    // About half an hour at most: a page left open for ever stops asking.
    if (++tries > 900) return;
    fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (body) {
        if (body && body.status && body.status !== shownStatus) window.location.reload();
        else setTimeout(poll, 2000);
      })
      .catch(function () {
        setTimeout(poll, 5000);
      });
  }
  setTimeout(poll, 2000);
})();
`;

export function pageAssetRoutes(app: FastifyInstance): void {
  const assets = [
    { path: PAGES_CSS_PATH, type: 'text/css', body: PAGES_CSS, summary: "The customer pages' stylesheet" },
    {
      path: PAGES_SCRIPT_PATH,
      type: 'text/javascript',
      body: PAGES_SCRIPT,
      summary: "The customer pages' script: bank search as you type, and the completion notice",
    },
  ];
  for (const asset of assets) {
    app.get(
      asset.path,
      {
        schema: {
          summary: asset.summary,
          tags: ['public'],
          response: {
            200: { description: asset.type, content: { [asset.type]: { schema: Type.String() } } },
          },
        },
      },
      async (_request, reply) =>
        reply
          .header('cache-control', 'public, max-age=3600')
          .type(`${asset.type}; charset=utf-8`)
          .send(asset.body),
    );
  }
}
