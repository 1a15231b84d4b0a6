// Fastify names each plugin it registers (error messages, hasPlugin). A plugin without a display name
// is looked for among the exports of every loaded CommonJS module, twice per registration: under tsx,
// with some 900 modules loaded, that was a tenth of building the app, which the test suite does some
// 1,300 times a run. Our plugins are ES modules, never found there, so the name Fastify ends with is
// the function's own: it is given up front instead. fastify-plugin's plugins carry theirs already; a
// dependency's own unnamed plugin (swagger-ui's routes) is now known by its function's name rather
// than its file's path.
import type { FastifyInstance } from 'fastify';

const DISPLAY_NAME = Symbol.for('fastify.display-name');

/** Every plugin registered on `app` or any of its descendants (they inherit `register`) is named first. */
export function namePluginsOnRegister(app: FastifyInstance): void {
  const register = app.register;
  app.register = function (this: FastifyInstance, plugin: unknown, options?: unknown) {
    if (typeof plugin === 'function' && plugin.name && !(DISPLAY_NAME in plugin)) {
      // Writable, as fastify-plugin would set it (it assigns, and would throw on a read-only one).
      Object.defineProperty(plugin, DISPLAY_NAME, { value: plugin.name, writable: true, configurable: true });
    }
    return (register as (plugin: unknown, options?: unknown) => FastifyInstance).call(this, plugin, options);
  } as FastifyInstance['register'];
}
