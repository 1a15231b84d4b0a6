// Two Ajv instances: bodies are taken as sent (no type coercion: "true" is not a boolean), while query,
// path and headers, which are always strings on the wire, are coerced. Unknown body fields are removed.
import { Ajv, type Options } from 'ajv';
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

export function registerValidation(app: FastifyInstance, shared: object[]): void {
  const bodies = build({ coerceTypes: false });
  const strings = build({ coerceTypes: 'array' });
  for (const schema of shared) {
    bodies.addSchema(schema);
    strings.addSchema(schema);
  }
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? bodies.compile(schema) : strings.compile(schema),
  );
}
