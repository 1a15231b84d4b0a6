import type { Deps } from '../context.js';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
