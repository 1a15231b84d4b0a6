// Simulation controls (API.md 9.1): mounted only when SANDBOX=true, never in production.
import type { FastifyPluginAsync } from 'fastify';

export const sandboxRoutes: FastifyPluginAsync = async (_app) => {
  // Each control is one file in this folder, registered here.
};
