// Bank statements (spec 4.D, 8): the listed formats only, recognised by their content as well as their
// name, so that a renamed executable or a page of HTML is never stored as a "statement.pdf".
import { invalid } from '../errors.js';

interface Format {
  contentType: string;
  /** Does the content look like this format? */
  matches(data: Buffer): boolean;
}

const startsWith = (data: Buffer, ...bytes: number[]) => bytes.every((b, i) => data[i] === b);
const startsWithText = (data: Buffer, text: string) =>
  data.subarray(0, text.length).toString('latin1') === text;

// Office Open XML files are ZIP archives whose entries sit under word/ or xl/ (names are stored in clear).
const isZip = (data: Buffer) => startsWith(data, 0x50, 0x4b, 0x03, 0x04);
const zipHolds = (data: Buffer, folder: string) =>
  isZip(data) && data.includes(Buffer.from(folder, 'latin1'));
// Legacy .doc and .xls are OLE2 compound documents.
const isOle2 = (data: Buffer) => startsWith(data, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);

/** Plain text: valid UTF-8 without control characters other than tab, line feed, form feed, return. */
function isText(data: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

const jpeg: Format = { contentType: 'image/jpeg', matches: (d) => startsWith(d, 0xff, 0xd8, 0xff) };

export const STATEMENT_FORMATS: Record<string, Format> = {
  pdf: { contentType: 'application/pdf', matches: (d) => startsWithText(d, '%PDF-') },
  png: {
    contentType: 'image/png',
    matches: (d) => startsWith(d, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  },
  gif: {
    contentType: 'image/gif',
    matches: (d) => startsWithText(d, 'GIF87a') || startsWithText(d, 'GIF89a'),
  },
  jpg: jpeg,
  jpeg,
  doc: { contentType: 'application/msword', matches: isOle2 },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    matches: (d) => zipHolds(d, 'word/'),
  },
  xls: { contentType: 'application/vnd.ms-excel', matches: isOle2 },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    matches: (d) => zipHolds(d, 'xl/'),
  },
  csv: { contentType: 'text/csv', matches: isText },
  rtf: { contentType: 'application/rtf', matches: (d) => startsWithText(d, '{\\rtf') },
  txt: { contentType: 'text/plain', matches: isText },
};

export const STATEMENT_EXTENSIONS = Object.keys(STATEMENT_FORMATS);

export interface CheckedStatement {
  extension: string;
  contentType: string;
}

/** The file's format, or a 400 naming why it is refused: unlisted extension, empty, or content of another kind. */
export function checkStatementFile(field: string, filename: string, data: Buffer): CheckedStatement {
  const extension = /\.([A-Za-z0-9]{1,5})$/.exec(filename)?.[1]?.toLowerCase();
  const format = extension ? STATEMENT_FORMATS[extension] : undefined;
  if (!extension || !format) {
    throw invalid(field, `must be one of .${STATEMENT_EXTENSIONS.join(', .')}`);
  }
  if (data.length === 0) throw invalid(field, 'is empty');
  if (!format.matches(data)) throw invalid(field, `is not a .${extension} file (its content does not match)`);
  return { extension, contentType: format.contentType };
}

/** A file name safe to keep and show: no path, no control characters, bounded length. */
export function cleanFileName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'statement').slice(-200);
}
