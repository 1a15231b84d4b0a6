// Mail through an SMTP server (SMTP_URL), over a small pool of reused connections.
import { MailError, type Mailer, type MailMessage } from './mailer.js';
import { nodemailer } from './nodemailer.js';

interface SmtpFailure {
  message?: string;
  responseCode?: number;
}

export function smtpMailer(smtpUrl: string): Mailer {
  const open = () =>
    nodemailer().createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: 4,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  let transport: ReturnType<typeof open> | undefined;
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      try {
        transport ??= open();
        await transport.sendMail({
          messageId: `<${message.id}@paybank>`,
          from: message.from,
          to: message.to,
          cc: message.cc,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        });
      } catch (err) {
        const failure = err as SmtpFailure;
        const code = typeof failure.responseCode === 'number' ? failure.responseCode : null;
        // A 5xx reply refuses this message for good (unknown mailbox...); anything else is an outage.
        const permanent = code !== null && code >= 500 && code < 600;
        throw new MailError(failure.message ?? String(err), permanent, code);
      }
    },
    async close() {
      transport?.close();
    },
  };
}
