// Create company bank account (spec 4.D): multipart/form-data with an optional statement file.
import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_NUMBER_PATTERN, SORT_CODE_PATTERN } from '../../../domain/bank-accounts/bank-account.js';
import {
  createBankAccountWithStatement,
  statementFilesOf,
  type Upload,
} from '../../../domain/bank-accounts/bank-statement.service.js';
import { invalid } from '../../../domain/errors.js';
import { STATEMENT_EXTENSIONS } from '../../../domain/files/statement-file.js';
import { ProviderSchema } from '../../bank-accounts/provider-schema.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors } from '../../schemas.js';
import { BankAccountD, toBankAccountD } from './bank-account-view.js';

const FIELD_BYTES = 4096;

/** The file's bytes and name, kept beside the request: the body the schema checks carries its digest. */
const uploads = new WeakMap<FastifyRequest, Upload>();

function unsupportedMediaType(): Error {
  return Object.assign(new Error('send the bank account as multipart/form-data'), { statusCode: 415 });
}

/** Reads the whole form (fields and at most one file, each within its limit) into request.body. */
async function readForm(request: FastifyRequest, maxUploadBytes: number): Promise<void> {
  if (!request.isMultipart()) throw unsupportedMediaType();
  const fields: Record<string, string> = {};
  let upload: Upload | undefined;
  const parts = request.parts({
    limits: { fileSize: maxUploadBytes, files: 1, fields: 20, fieldSize: FIELD_BYTES, parts: 21 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file')
        throw invalid(`/${part.fieldname}`, 'is not a file field; send the statement as `file`');
      // Throws a 413 once the file passes MAX_UPLOAD_BYTES: nothing is stored before the whole file is read.
      upload = { filename: part.filename, data: await part.toBuffer() };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  // The body carries the file's digest, not its bytes: the Idempotency-Key fingerprint (a hash of the
  // body) then tells a repeat from the same key used with another file.
  const digest = upload ? createHash('sha256').update(upload.data).digest('hex') : undefined;
  request.body = { ...fields, ...(digest ? { file: `sha256:${digest}` } : {}) };
  if (upload) uploads.set(request, upload);
}

export const partnerCreateBankAccountRoute: FastifyPluginAsyncTypebox = async (app) => {
  // Scoped to this route: no other route of the API accepts multipart bodies.
  await app.register(multipart, { throwFileSizeLimit: true });
  const maxUploadBytes = app.deps.config.maxUploadBytes;

  app.post(
    '/companies/:companyId/bank-accounts',
    {
      preValidation: async (request) => readForm(request, maxUploadBytes),
      schema: {
        summary: 'Create company bank account',
        description: `multipart/form-data. \`file\` (optional): the bank statement, one of .${STATEMENT_EXTENSIONS.join(', .')}, at most MAX_UPLOAD_BYTES (413 above it); its content must match its extension. Status \`pending\`.`,
        tags: ['partner'],
        consumes: ['multipart/form-data'],
        params: CompanyParams,
        body: Type.Object(
          {
            providerExternalId: ProviderSchema(app.deps.banks.providers, { withOther: true }),
            externalAccountId: Type.String({
              pattern: ACCOUNT_NUMBER_PATTERN,
              description: 'account number, exactly 8 digits',
            }),
            identification: Type.String({
              pattern: SORT_CODE_PATTERN,
              description: 'sort code, exactly 6 digits',
            }),
            name: Type.String({ minLength: 1, maxLength: 200 }),
            file: Type.Optional(
              Type.String({
                contentMediaType: 'application/octet-stream',
                description: 'bank statement file',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ created: Type.Boolean(), result: BankAccountD }),
          ...errors(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request) => {
      const companyId = companyOf(request).id;
      const body = request.body;
      const account = await createBankAccountWithStatement(
        app.deps,
        companyId,
        {
          sortCode: body.identification,
          accountNumber: body.externalAccountId,
          name: body.name,
          provider: body.providerExternalId,
        },
        uploads.get(request),
      );
      const files = await statementFilesOf(app.deps, [account]);
      return { created: true, result: toBankAccountD(account, files, app.deps.config.publicUrl) };
    },
  );
};
