// A real SMTP server for mail tests (smtp-server), listening on 127.0.0.1, recording what it accepts.
import type { TestContext } from 'node:test';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  /** The value of a header of the message (first occurrence, unfolded). */
  header(name: string): string | undefined;
}

export interface SmtpServerHandle {
  port: number;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

function parseHeader(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

export async function startSmtpServer(
  t: TestContext,
  options: { port?: number; refuseRecipient?: (address: string) => boolean } = {},
): Promise<SmtpServerHandle> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // The service keeps pooled connections open: do not wait 30 s for them when the test ends.
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      if (options.refuseRecipient?.(address.address)) {
        const error = Object.assign(new Error('no such mailbox'), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom;
        mails.push({
          envelopeFrom: from ? from.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          header: (name) => parseHeader(raw, name),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  let closed = false;
  const close = () =>
    closed
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          closed = true;
          server.close(() => resolve());
        });
  t.after(close);
  return { port, mails, close };
}
