// Two Ajv instances: bodies are taken as sent (no type coercion: "true" is not a boolean), while query,
// path and headers, which are always strings on the wire, are coerced. Unknown body fields are removed.
// Compiled validators are kept per schema object, so that every app built in one process (tests build
// hundreds) compiles each route schema once.
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

export function buildAjv(options: Options): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    removeAdditional: true,
    useDefaults: true,
    strict: false,
    ...options,
  });
  addFormats.default(ajv);
  return ajv;
}

const bodies = buildAjv({ coerceTypes: false });
const strings = buildAjv({ coerceTypes: 'array' });
const compiled = {
  bodies: new WeakMap<object, Validate>(),
  strings: new WeakMap<object, Validate>(),
};

/**
 * Whether a string (key or value) anywhere in `value` holds a NUL character. It runs on every request's
 * body, params and query: it allocates nothing (nulAt built a path string for every key it passed).
 */
function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\u0000') || hasNul((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** The JSON pointer of the first string (key or value) holding a NUL character, if any. */
function nulAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '/' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = `${path}/${key}`;
    if (key.includes('\u0000')) return at;
    const found = nulAt(item, at);
    if (found) return found;
  }
  return undefined;
}

/**
 * The hot routes (issue 14): their validators and serialisers are compiled when the route is registered,
 * so that no request of theirs pays for a compilation. Every other route compiles on first use.
 */
const HOT_ROUTES = new Set([
  'POST /merchant/v1/payments/process',
  'GET /merchant/v1/payments/:id',
  'GET /merchant/v1/payments',
]);
const isHot = (route: { method: string; url: string }) => HOT_ROUTES.has(`${route.method} ${route.url}`);

export type Validate = ((data: unknown) => boolean) & { errors?: ValidateFunction['errors'] };

/**
 * A route's validator, compiled by `ajv` on its first use and kept per schema object in `cache`:
 * compiling every route's at start took most of the start-up time (DESIGN.md 8: ready within 1 s).
 * PostgreSQL text cannot hold NUL, and no field of the contract needs it, so a NUL anywhere is refused
 * as invalid input before the schema is consulted.
 */
export function validatorFor(
  ajv: Ajv,
  cache: WeakMap<object, Validate>,
  schema: object,
  now = false,
): Validate {
  const cached = cache.get(schema);
  if (cached) return cached;
  let validate: ValidateFunction | undefined = now ? ajv.compile(schema) : undefined;
  const wrapped: Validate = (data: unknown) => {
    const at = hasNul(data) ? nulAt(data) : undefined;
    if (at !== undefined) {
      wrapped.errors = [
        {
          instancePath: at,
          schemaPath: '#',
          keyword: 'nul',
          params: {},
          message: 'must not contain the NUL character',
        },
      ];
      return false;
    }
    validate ??= ajv.compile(schema);
    const valid = validate(data) as boolean;
    wrapped.errors = validate.errors;
    return valid;
  };
  cache.set(schema, wrapped);
  return wrapped;
}

const sharedIds = new Set<string>();

export function registerValidation(app: FastifyInstance, shared: Array<{ $id?: string }>): void {
  // Added once per process and not checked against the meta-schema here (that compiled the meta-schema at
  // start); getSchema would compile each one just to ask whether it is there.
  for (const schema of shared) {
    if (!schema.$id || sharedIds.has(schema.$id)) continue;
    sharedIds.add(schema.$id);
    for (const ajv of [bodies, strings]) ajv.addSchema(schema, undefined, undefined, false);
  }
  app.setValidatorCompiler((route) =>
    route.httpPart === 'body'
      ? validatorFor(bodies, compiled.bodies, route.schema, isHot(route))
      : validatorFor(strings, compiled.strings, route.schema, isHot(route)),
  );
}

/** Response serialisers (fast-json-stringify), likewise compiled once per schema object and process, on first use. */
const serializers = new WeakMap<object, SerializerSelector.Serializer>();

export function registerSerialization(app: FastifyInstance, shared: Array<{ $id?: string }>): void {
  const external = Object.fromEntries(shared.filter((s) => s.$id).map((s) => [s.$id, s]));
  const compileSerializer = SerializerSelector()(external, {});
  app.setSerializerCompiler((route) => {
    const schema = route.schema as object;
    const cached = serializers.get(schema);
    if (cached) return cached;
    let serialize: SerializerSelector.Serializer | undefined = isHot(route)
      ? compileSerializer(route as SerializerSelector.RouteDefinition)
      : undefined;
    const lazy: SerializerSelector.Serializer = (data) => {
      serialize ??= compileSerializer(route as SerializerSelector.RouteDefinition);
      return serialize(data);
    };
    serializers.set(schema, lazy);
    return lazy;
  });
}
