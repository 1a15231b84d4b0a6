// The pages' icon: a bank building on the pages' blue, as SVG (sharp at every size, a few hundred
// bytes). Every page links it; /favicon.ico, which browsers ask for on their own, leads to it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

export const FAVICON_PATH = '/favicon.svg';

const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b5cad"/><path fill="#fff" d="M16 5 5 11v2h22v-2zM8 14h3v9H8zm6.5 0h3v9h-3zM21 14h3v9h-3zM6 24h20v3H6z"/></svg>
`;

export const faviconRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    FAVICON_PATH,
    {
      schema: {
        summary: "The pages' icon",
        tags: ['public'],
        response: {
          200: { description: 'the icon', content: { 'image/svg+xml': { schema: Type.String() } } },
        },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(FAVICON_SVG),
  );

  app.get(
    '/favicon.ico',
    {
      schema: {
        summary: "The icon's conventional address",
        description: 'Browsers ask for it without a link; it leads to `/favicon.svg`.',
        tags: ['public'],
        response: { 301: { description: 'to /favicon.svg' } },
      },
    },
    async (_request, reply) => reply.redirect(FAVICON_PATH, 301),
  );
};
