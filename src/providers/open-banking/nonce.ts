// The nonce of an authorisation (API.md 10.2): derived from its state with a key only we hold, so the
// id_token's nonce is checked on the return without storing one per consent.
import { createHmac } from 'node:crypto';
import type { SigningKey } from './signing-key.js';

export function nonceOf(signing: SigningKey, state: string): string {
  const secret = signing.key.export({ type: 'pkcs8', format: 'der' });
  return createHmac('sha256', secret).update(`paybank nonce\n${state}`).digest('base64url');
}
