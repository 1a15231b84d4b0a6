// The Open Banking API validates as the specification's schemas do: an unknown field is an error
// (UK.OBIE.Field.Unexpected), never silently dropped, and bodies are not coerced.
import type { FastifyInstance } from 'fastify';
import { buildAjv, type Validate, validatorFor } from '../../../http/validation.js';

// One pair per process, compiled lazily and cached per schema, as the service's own (http/validation.ts).
const strict = buildAjv({ coerceTypes: false, removeAdditional: false, useDefaults: false });
const lenient = buildAjv({ coerceTypes: 'array', removeAdditional: false, useDefaults: false });
const compiled = { strict: new WeakMap<object, Validate>(), lenient: new WeakMap<object, Validate>() };

export function useObValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body'
      ? validatorFor(strict, compiled.strict, schema)
      : validatorFor(lenient, compiled.lenient, schema),
  );
}
