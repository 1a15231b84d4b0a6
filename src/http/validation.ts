// Two Ajv instances: bodies are taken as sent (no type coercion: "true" is not a boolean), while query,
// path and headers, which are always strings on the wire, are coerced. Unknown body fields are removed.
// Compiled validators are kept per schema object, so that every app built in one process (tests build
// hundreds) compiles each route schema once.
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

function build(options: Options): Ajv {
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

const bodies = build({ coerceTypes: false });
const strings = build({ coerceTypes: 'array' });
const compiled = {
  bodies: new WeakMap<object, Validate>(),
  strings: new WeakMap<object, Validate>(),
};

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

type Validate = ((data: unknown) => boolean) & { errors?: ValidateFunction['errors'] };

/** PostgreSQL text cannot hold NUL, and no field of the contract needs it: refused as invalid input. */
function refusingNul(validate: ValidateFunction): Validate {
  const wrapped: Validate = (data: unknown) => {
    const at = nulAt(data);
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
    const valid = validate(data) as boolean;
    wrapped.errors = validate.errors;
    return valid;
  };
  return wrapped;
}

function compile(kind: 'bodies' | 'strings', schema: object): Validate {
  const cache = compiled[kind];
  let validate = cache.get(schema);
  if (!validate) {
    validate = refusingNul((kind === 'bodies' ? bodies : strings).compile(schema));
    cache.set(schema, validate);
  }
  return validate;
}

export function registerValidation(app: FastifyInstance, shared: Array<{ $id?: string }>): void {
  for (const schema of shared) {
    for (const ajv of [bodies, strings]) if (schema.$id && !ajv.getSchema(schema.$id)) ajv.addSchema(schema);
  }
  app.setValidatorCompiler(({ schema, httpPart }) =>
    compile(httpPart === 'body' ? 'bodies' : 'strings', schema),
  );
}

/** Response serialisers (fast-json-stringify), likewise compiled once per schema object and process. */
const serializers = new WeakMap<object, SerializerSelector.Serializer>();

export function registerSerialization(app: FastifyInstance, shared: Array<{ $id?: string }>): void {
  const external = Object.fromEntries(shared.filter((s) => s.$id).map((s) => [s.$id, s]));
  const compileSerializer = SerializerSelector()(external, {});
  app.setSerializerCompiler((route) => {
    const schema = route.schema as object;
    let serialize = serializers.get(schema);
    if (!serialize) {
      serialize = compileSerializer(route as SerializerSelector.RouteDefinition);
      serializers.set(schema, serialize);
    }
    return serialize;
  });
}
