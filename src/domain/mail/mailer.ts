// The Mailer port: how an e-mail leaves the service. Adapters: SMTP (smtp-mailer.ts) and .eml files
// (file-mailer.ts). Only the dispatcher calls it, outside any transaction.

export interface MailMessage {
  /** Stable across retries: the outbox event id. */
  id: string;
  from: string;
  to: string[];
  cc: string[];
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
}

export interface Mailer {
  /** Where mail goes, for the attempt log: `smtp` or `file`. */
  readonly kind: 'smtp' | 'file';
  /** Resolves when the message was accepted; throws MailError otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** A failed send. `permanent`: the server refused the message itself (5xx), retrying will not help. */
export class MailError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode: number | null,
  ) {
    super(message);
    this.name = 'MailError';
  }
}
