// Loaded into the service processes tests start (`node --import`, by service-process.ts), so that their
// exchanges are checked against the document as inject's are (issue 15): every Fastify instance the
// process makes is watched (Fastify announces each on the `fastify.initialization` diagnostics channel,
// bundled copies included), and those that serve an OpenAPI document are checked. Findings go to files
// the test reads when it ends: OPENAPI_MISMATCH_FILE (one line a mismatch) and its `.checked` sibling
// (how many exchanges were checked, rewritten at each).
import { subscribe } from 'node:diagnostics_channel';
import { appendFileSync, writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { servedDocument, watchExchanges } from './openapi-validator.js';

const file = process.env.OPENAPI_MISMATCH_FILE;
if (file) {
  let checked = 0;
  subscribe('fastify.initialization', (message) => {
    const app = (message as { fastify: FastifyInstance }).fastify;
    watchExchanges(app, () => servedDocument(app), {
      checked: () => writeFileSync(`${file}.checked`, String(++checked)),
      mismatched: (issues) => appendFileSync(file, `${issues.join('\n')}\n`),
    });
  });
}
