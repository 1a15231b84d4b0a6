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
  bodies: new WeakMap<object, ValidateFunction>(),
  strings: new WeakMap<object, ValidateFunction>(),
};

function compile(kind: 'bodies' | 'strings', schema: object): ValidateFunction {
  const cache = compiled[kind];
  let validate = cache.get(schema);
  if (!validate) {
    validate = (kind === 'bodies' ? bodies : strings).compile(schema);
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
