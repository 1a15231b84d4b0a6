// Sandbox control (API.md 9.1): the service's current time, which the sandbox can move forward.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errors, Timestamp } from '../schemas.js';

export const getClockControl: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/clock',
    {
      schema: {
        summary: 'Get the sandbox clock',
        tags: ['sandbox'],
        response: { 200: Type.Object({ now: Timestamp }), ...errors() },
      },
    },
    async () => ({ now: app.deps.clock.now().toISOString() }),
  );
};
