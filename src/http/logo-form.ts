// Reads a multipart form that carries one logo image (`file`) and a few short fields, for group D's
// logo upload and the portal's branding form. The image is read whole but bounded: past LOGO_MAX_BYTES
// it is refused before anything is stored.
import type { FastifyRequest } from 'fastify';
import { LOGO_MAX_BYTES } from '../domain/branding/logo-file.js';
import { invalid } from '../domain/errors.js';

export interface LogoForm {
  fields: Record<string, string>;
  /** The image's bytes, or undefined when no file (or an empty file input) was sent. */
  data: Buffer | undefined;
}

export async function readLogoForm(request: FastifyRequest): Promise<LogoForm> {
  const fields: Record<string, string> = {};
  let data: Buffer | undefined;
  // One byte over the limit is enough to know the file is too large (a 400 naming the limit).
  const parts = request.parts({
    limits: { fileSize: LOGO_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file')
        throw invalid(`/${part.fieldname}`, 'is not a file field; send the logo as `file`');
      const bytes = await part.toBuffer();
      if (part.file.truncated || bytes.length > LOGO_MAX_BYTES)
        throw invalid('/file', `is larger than ${LOGO_MAX_BYTES / 1024} KiB`);
      // A form's empty file input arrives as a part with no name and no bytes: no logo sent.
      if (bytes.length > 0 || part.filename) data = bytes;
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, data };
}
