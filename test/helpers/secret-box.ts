// A secrets key of the test's own, for adapters built outside an app (an app has deps.secrets).
import { randomBytes } from 'node:crypto';
import { SecretBox } from '../../src/domain/secret-box.js';

export function testSecretBox(): SecretBox {
  return new SecretBox(randomBytes(32));
}
