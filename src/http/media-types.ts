// Which body a route takes is its schema's `consumes` (the OpenAPI document says the same), JSON when it
// names none: a body of another type is a 415 before anything runs. The form parser is registered for the
// whole app (the hosted pages and the sandbox bank's token endpoint need it), so without this check a
// form-encoded body reached the JSON API's routes and created drafts.
import type { FastifyInstance } from 'fastify';

const JSON_ONLY = ['application/json'];

/** `application/json; charset=utf-8` -> `application/json`. */
const mediaTypeOf = (contentType: string) => (contentType.split(';')[0] ?? '').trim().toLowerCase();

export function refuseUndeclaredBodies(app: FastifyInstance): void {
  // A callback hook: it awaits nothing, and an async one costs every request a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const contentType = request.headers['content-type'];
    if (!contentType || request.method === 'GET' || request.method === 'HEAD') return done();
    // Unmatched URLs answer their 404 whatever they were sent.
    if (!request.routeOptions.url) return done();
    const consumes =
      (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes ?? JSON_ONLY;
    const type = mediaTypeOf(contentType);
    if (consumes.includes(type)) return done();
    // The error handler turns a 415 into the unsupported_media_type problem.
    done(
      Object.assign(new Error(`this route takes ${consumes.join(' or ')}, not ${type}`), {
        statusCode: 415,
      }),
    );
  });
}
