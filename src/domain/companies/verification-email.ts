// The e-mail that carries an officer's verification link, sent with the partner's e-mail settings.
import type { NewEmail } from '../mail/outbox-mail.js';
import type { Partner } from '../partners/partner.js';
import type { Company } from './company.js';
import type { Officer } from './officer.js';

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/**
 * To the company's publicEmail (spec 4.D `sendEmail`), with the officer in copy when their address
 * differs: the link is the officer's own, and the company's contact knows it was sent.
 */
export function verificationEmail(
  partner: Partner,
  company: Company,
  officer: Officer,
  url: string,
): NewEmail {
  const cc = officer.email.toLowerCase() === company.publicEmail.toLowerCase() ? [] : [officer.email];
  return {
    to: [company.publicEmail],
    cc,
    subject: oneLine(`Verify your identity for ${company.name}`),
    text: [
      `Hello ${officer.name},`,
      '',
      `${company.name} is being set up by ${partner.name} to take payments by bank transfer.`,
      `As its ${officer.role}, please verify your identity at this link:`,
      '',
      url,
      '',
      `The link is personal to ${officer.name}: do not forward it.`,
      `If you did not expect this e-mail, reply to let ${partner.name} know.`,
    ].join('\n'),
    ...(partner.emailFrom ? { from: partner.emailFrom } : {}),
    ...(partner.emailReplyTo ? { replyTo: partner.emailReplyTo } : {}),
  };
}
