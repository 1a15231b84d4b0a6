// JSON bodies: Fastify's own parser (secure-json-parse: no __proto__ or constructor poisoning), after a
// scan of the raw text that refuses nesting deeper than any body of the contract needs. A body nested
// 10,000 levels deep parsed fine and then overflowed the stack of every recursive walk after it: a 500.
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../domain/errors.js';

/** The deepest body of the contract (a company with officers and addresses) nests 4 levels. */
export const MAX_JSON_DEPTH = 32;

/** How deep the text's arrays and objects nest, counting only brackets outside strings; stops past `limit`. */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return deepest;
}

export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(
        new DomainError('validation_failed', `the body nests deeper than ${MAX_JSON_DEPTH} levels`),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
