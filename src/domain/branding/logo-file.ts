// A company's logo: PNG, JPEG or GIF only, recognised by content (as bank statements are, through
// their format checks), at most LOGO_MAX_BYTES. No SVG: it can carry script, and the logo is served
// from the service's own origin.
import { invalid } from '../errors.js';
import { STATEMENT_FORMATS } from '../files/statement-file.js';

export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_FORMATS = ['png', 'jpg', 'gif'] as const;

export interface CheckedLogo {
  extension: string;
  contentType: string;
}

/** The logo's format from its content (its name is not trusted), or a 400 naming why it is refused. */
export function checkLogoFile(field: string, data: Buffer): CheckedLogo {
  if (data.length === 0) throw invalid(field, 'is empty');
  if (data.length > LOGO_MAX_BYTES) throw invalid(field, `is larger than ${LOGO_MAX_BYTES / 1024} KiB`);
  for (const extension of LOGO_FORMATS) {
    const format = STATEMENT_FORMATS[extension];
    if (format?.matches(data)) return { extension, contentType: format.contentType };
  }
  throw invalid(field, 'must be a PNG, JPEG or GIF image (its content is of another kind)');
}
