import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { MailOutboxRow } from './mail-outbox.repository';

/** One message as a transport sends it: the outbox row plus the sender. */
export type OutgoingMail = Pick<
  MailOutboxRow,
  'id' | 'toAddress' | 'subject' | 'html' | 'text' | 'template' | 'locale' | 'createdAt'
> &
  Partial<Pick<MailOutboxRow, 'headers'>> & {
    from: string;
    /** Stable per outbox row, so a retried send is recognisable as the same message. */
    messageId: string;
  };

export interface MailTransport {
  readonly kind: string;
  /** Resolves once the message is handed over; throws (any error) to have it retried. */
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** What the file transport writes beside the .eml, and what /dev/mail reads. */
export type StoredMail = {
  /** The file name without extension; newest sort last. */
  id: string;
  outbox_id: number;
  from: string;
  to: string;
  subject: string;
  template: string;
  locale: string;
  /** ISO 8601 instant the mail was queued. */
  date: string;
  html: string;
  text: string;
  /** The template's extra headers, if any (what /dev/mail and end-to-end tests can check). */
  headers?: Record<string, string>;
};

/** `2026-04-01T09-30-00-123Z-00000042`: sorts by time, and a retry overwrites its own file. */
export const storedMailName = (mail: Pick<OutgoingMail, 'id' | 'createdAt'>) =>
  `${mail.createdAt.toISOString().replace(/[:.]/g, '-')}-${String(mail.id).padStart(8, '0')}`;

/**
 * The embedded default: each message becomes `<name>.eml` (the real MIME message, openable in a
 * mail client) and `<name>.json` (what /dev/mail and tests read) under `dir`. Files are written
 * under a temporary name and renamed, so a reader never sees half a message.
 */
export class FileMailTransport implements MailTransport {
  readonly kind = 'file';
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true });

  constructor(readonly dir: string) {}

  async send(mail: OutgoingMail): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const name = storedMailName(mail);
    const info = await this.composer.sendMail(toNodemailer(mail));
    const stored: StoredMail = {
      id: name,
      outbox_id: mail.id,
      from: mail.from,
      to: mail.toAddress,
      subject: mail.subject,
      template: mail.template,
      locale: mail.locale,
      date: mail.createdAt.toISOString(),
      html: mail.html,
      text: mail.text,
      ...(mail.headers ? { headers: mail.headers } : {}),
    };
    await this.writeAtomically(`${name}.eml`, info.message as Buffer);
    await this.writeAtomically(`${name}.json`, JSON.stringify(stored, null, 2));
  }

  async close(): Promise<void> {
    this.composer.close();
  }

  private async writeAtomically(file: string, content: string | Buffer): Promise<void> {
    const temporary = join(this.dir, `.${file}.tmp`);
    await writeFile(temporary, content);
    await rename(temporary, join(this.dir, file));
  }
}

/** SMTP through nodemailer when SMTP_URL is set (`smtp://user:pass@host:587`, `smtps://…`). */
export class SmtpMailTransport implements MailTransport {
  readonly kind = 'smtp';
  private readonly transporter: Transporter;

  constructor(smtpUrl: string) {
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail(toNodemailer(mail));
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}

function toNodemailer(mail: OutgoingMail): SendMailOptions {
  return {
    from: mail.from,
    to: mail.toAddress,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    date: mail.createdAt,
    headers: { ...(mail.headers ?? {}), 'X-Atelier-Template': mail.template },
  };
}

/** SMTP when configured, else files under `<dataDir>/mail`. */
export function createMailTransport(config: { smtpUrl: string | undefined; dataDir: string }) {
  return config.smtpUrl
    ? new SmtpMailTransport(config.smtpUrl)
    : new FileMailTransport(mailDirectory(config.dataDir));
}

export const mailDirectory = (dataDir: string) => join(dataDir, 'mail');
