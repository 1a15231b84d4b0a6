// Simulation controls (API.md 9.1): mounted only when SANDBOX=true, never in production.
import type { FastifyPluginAsync } from 'fastify';
import { advanceClockControl } from './advance-clock.js';
import { getClockControl } from './get-clock.js';

export const sandboxRoutes: FastifyPluginAsync = async (app) => {
  // Each control is one file in this folder, registered here.
  await app.register(getClockControl);
  await app.register(advanceClockControl);
};
