// The portal's one script: progressive enhancement only (every form works without it). Copy buttons
// start hidden and appear when the script runs.
import type { FastifyPluginAsync } from 'fastify';
import { TAGS } from './schemas.js';

const SCRIPT = `
document.querySelectorAll('[data-copy]').forEach(function (button) {
  button.hidden = false;
  button.addEventListener('click', function () {
    var target = document.getElementById(button.getAttribute('data-copy'));
    if (!target || !navigator.clipboard) return;
    navigator.clipboard.writeText((target.value || target.textContent).trim()).then(function () {
      button.textContent = 'Copied';
    });
  });
});
`;

export const portalAssets: FastifyPluginAsync = async (app) => {
  app.get(
    '/assets/portal.js',
    {
      schema: {
        summary: 'Portal script',
        tags: TAGS,
        response: {
          200: { description: 'the script', content: { 'text/javascript': { schema: { type: 'string' } } } },
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/javascript; charset=utf-8')
        .send(SCRIPT),
  );
};
