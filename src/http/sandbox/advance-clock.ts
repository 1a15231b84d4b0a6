// Sandbox control (API.md 9.1): moves time forward for every process of the sandbox, then runs the
// jobs that became due and delivers the webhooks and e-mails that became due, before answering.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { advanceClock } from '../../domain/sandbox-clock.js';
import { drainOutbox } from '../../workers/dispatcher.js';
import { runDueJobs } from '../../workers/scheduler.js';
import { errors, Timestamp } from '../schemas.js';

const DAY_MS = 86_400_000;

export const advanceClockControl: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/clock/advance',
    {
      schema: {
        summary: 'Advance the sandbox clock',
        description:
          'Time only moves forward. Due jobs run (once each, catching up on everything due), then due webhooks and e-mails are sent.',
        tags: ['sandbox'],
        body: Type.Object(
          {
            days: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650 })),
            hours: Type.Optional(Type.Integer({ minimum: 0, maximum: 87_600 })),
            seconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 315_360_000 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ now: Timestamp }), ...errors(400, 409) },
      },
    },
    async (request) => {
      const { days = 0, hours = 0, seconds = 0 } = request.body ?? {};
      await advanceClock(app.deps, days * DAY_MS + hours * 3_600_000 + seconds * 1000);
      await runDueJobs(app.deps);
      await drainOutbox(app.deps);
      return { now: app.deps.clock.now().toISOString() };
    },
  );
};
