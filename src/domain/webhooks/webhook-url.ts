// A webhook URL must be an absolute http(s) URL. (The private-address guard lives with the dispatcher.)
import { invalid } from '../errors.js';

export function assertHttpUrl(field: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(field, 'must be an absolute http(s) URL');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw invalid(field, 'must be an absolute http(s) URL');
  }
}
