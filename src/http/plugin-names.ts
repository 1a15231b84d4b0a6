// Fastify names each plugin it registers for its error messages. A plugin without a display name is
// looked for among the exports of every loaded CommonJS module, twice per registration: under tsx,
// with some 900 modules loaded, that was a tenth of building the app, which the test suite does some
// 1,300 times a run. Our plugins are ES modules, never found there, so the name Fastify ends with is
// the function's own: it is given up front instead. fastify-plugin's plugins carry theirs already.
import type { FastifyInstance } from 'fastify';

const DISPLAY_NAME = Symbol.for('fastify.display-name');

/** Every plugin registered on `app` or any of its descendants (they inherit `register`) is named first. */
export function namePluginsOnRegister(app: FastifyInstance): void {
  const register = app.register;
  app.register = function (this: FastifyInstance, plugin: unknown, options?: unknown) {
    if (typeof plugin === 'function' && plugin.name && !(DISPLAY_NAME in plugin)) {
      Object.defineProperty(plugin, DISPLAY_NAME, { value: plugin.name });
    }
    return (register as (plugin: unknown, options?: unknown) => FastifyInstance).call(this, plugin, options);
  } as FastifyInstance['register'];
}
