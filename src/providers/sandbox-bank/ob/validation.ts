// The Open Banking API validates as the specification's schemas do: an unknown field is an error
// (UK.OBIE.Field.Unexpected), never silently dropped, and bodies are not coerced.
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

export function useObValidation(app: FastifyInstance): void {
  const strict = new Ajv({ allErrors: true, removeAdditional: false, coerceTypes: false, strict: false });
  const lenient = new Ajv({ allErrors: true, removeAdditional: false, coerceTypes: 'array', strict: false });
  addFormats.default(strict);
  addFormats.default(lenient);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? strict.compile(schema) : lenient.compile(schema),
  );
}
