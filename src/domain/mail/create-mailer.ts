import path from 'node:path';
import type { Config } from '../../config.js';
import { fileMailer } from './file-mailer.js';
import type { Mailer } from './mailer.js';
import { smtpMailer } from './smtp-mailer.js';

/** SMTP when SMTP_URL is set, else .eml files under DATA_DIR/mail. */
export function createMailer(config: Config): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl) : fileMailer(path.join(config.dataDir, 'mail'));
}
