// The accent colour of a company's pages and e-mails: '#rrggbb', and the text colour that reads on it.
// Text on the accent is white or black, whichever contrasts more (WCAG 2.x relative luminance): one of
// the two always reaches 4.58:1 or more, so AA (4.5:1) holds for any colour a partner picks.
import { invalid } from '../errors.js';

export const ACCENT_PATTERN = '^#[0-9A-Fa-f]{6}$';
const ACCENT_RE = new RegExp(ACCENT_PATTERN);

/** The colour in lower case, or a 400 naming the field. */
export function checkAccentColour(field: string, value: string): string {
  if (!ACCENT_RE.test(value)) throw invalid(field, 'must be a colour #rrggbb (six hexadecimal digits)');
  return value.toLowerCase();
}

function channel(hex: string): number {
  const c = Number.parseInt(hex, 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of '#rrggbb'. */
export function luminance(colour: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => channel(colour.slice(i, i + 2)));
  return 0.2126 * (r as number) + 0.7152 * (g as number) + 0.0722 * (b as number);
}

/** WCAG contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** '#ffffff' or '#000000': the text colour with the higher contrast on `accent`. */
export function textOn(accent: string): string {
  return contrastRatio(accent, '#ffffff') >= contrastRatio(accent, '#000000') ? '#ffffff' : '#000000';
}
