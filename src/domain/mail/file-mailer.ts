// The default mail transport: each message is written as an .eml file under DATA_DIR/mail, where a
// developer (or a test) can open it. Nothing leaves the machine.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MailError, type Mailer, type MailMessage } from './mailer.js';
import { nodemailer } from './nodemailer.js';

export function fileMailer(directory: string): Mailer {
  const open = () =>
    nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let transport: ReturnType<typeof open> | undefined;
  return {
    kind: 'file',
    async send(message: MailMessage) {
      try {
        transport ??= open();
        const info = await transport.sendMail({
          messageId: `<${message.id}@paybank>`,
          from: message.from,
          to: message.to,
          cc: message.cc,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        });
        await mkdir(directory, { recursive: true });
        const file = path.join(directory, `${message.id}.eml`);
        // Write then rename, so that a reader never sees half a message.
        await writeFile(`${file}.tmp`, info.message as Buffer);
        await rename(`${file}.tmp`, file);
      } catch (err) {
        throw new MailError(err instanceof Error ? err.message : String(err), false, null);
      }
    },
    async close() {},
  };
}
