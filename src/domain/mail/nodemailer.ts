// nodemailer, loaded when the first e-mail is sent: most starts send none right away, and loading it
// cost every start a tenth of a second (DESIGN.md 8: ready within 1 s).
import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';

const require = createRequire(import.meta.url);

export function nodemailer(): typeof Nodemailer {
  return require('nodemailer') as typeof Nodemailer;
}
