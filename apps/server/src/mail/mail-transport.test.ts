import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNTS_API } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp, validRegistration } from '../modules/accounts/accounts-testing';
import { createTestApp, type TestApp } from '../testing/test-app';
import { latestMail } from './mail-testing';
import { FileMailTransport, type OutgoingMail, type StoredMail } from './mail-transport';

// Building the app on a fresh database takes seconds on a busy machine.
const HOOK_TIMEOUT_MS = 60_000;

const sample = (id: number): OutgoingMail => ({
  id,
  toAddress: 'reader@mail.test',
  subject: 'Hello — こんにちは',
  html: '<p>Hello <b>there</b></p>',
  text: 'Hello there\nhttps://school.example/app/login',
  template: 'password_changed',
  locale: 'en',
  createdAt: new Date('2026-03-01T10:00:00.000Z'),
  from: 'School <no-reply@school.example>',
  messageId: `<outbox-${id}@school.example>`,
});

describe('file transport', () => {
  it('writes one .eml and one .json per message, named to sort by time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-mail-'));
    const transport = new FileMailTransport(dir);
    await transport.send(sample(7));
    await transport.send({ ...sample(8), createdAt: new Date('2026-03-01T10:00:01.000Z') });
    // A retried send overwrites its own files rather than adding a copy.
    await transport.send(sample(7));

    const files = readdirSync(dir).sort();
    expect(files).toEqual([
      '2026-03-01T10-00-00-000Z-00000007.eml',
      '2026-03-01T10-00-00-000Z-00000007.json',
      '2026-03-01T10-00-01-000Z-00000008.eml',
      '2026-03-01T10-00-01-000Z-00000008.json',
    ]);
    const stored = JSON.parse(
      readFileSync(join(dir, '2026-03-01T10-00-00-000Z-00000007.json'), 'utf8'),
    ) as StoredMail;
    expect(stored).toMatchObject({
      outbox_id: 7,
      to: 'reader@mail.test',
      subject: 'Hello — こんにちは',
      html: '<p>Hello <b>there</b></p>',
    });
    const eml = readFileSync(join(dir, '2026-03-01T10-00-00-000Z-00000007.eml'), 'utf8');
    expect(eml).toContain('To: reader@mail.test');
    expect(eml).toContain('Message-ID: <outbox-7@school.example>');
    expect(eml).toContain('Content-Type: multipart/alternative');
    await transport.close();
  });

  it('writes a template’s extra headers into the message (List-Unsubscribe on reminders)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-mail-'));
    const transport = new FileMailTransport(dir);
    await transport.send({
      ...sample(9),
      headers: {
        'List-Unsubscribe': '<https://school.example/api/v1/class_reminders/unsubscribe/7.sig>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    // Long header lines are folded (RFC 5322); read them unfolded.
    const eml = readFileSync(join(dir, '2026-03-01T10-00-00-000Z-00000009.eml'), 'utf8').replace(
      /\r\n[ \t]+/g,
      ' ',
    );
    expect(eml).toContain(
      'List-Unsubscribe: <https://school.example/api/v1/class_reminders/unsubscribe/7.sig>',
    );
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    await transport.close();
  });
});

/**
 * A minimal SMTP server on loopback: enough of RFC 5321 for nodemailer (no TLS, no auth). It can
 * refuse recipients with a temporary error to exercise retries.
 */
class SmtpStub {
  readonly messages: { from: string; to: string[]; data: string }[] = [];
  refuseRecipients = false;
  private server: Server | undefined;

  async start(): Promise<number> {
    this.server = createServer((socket) => this.session(socket));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return address.port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private session(socket: Socket) {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 stub.test ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          this.messages.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 stub.test');
        else if (verb === 'MAIL') {
          current.from = line;
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          if (this.refuseRecipients) reply('451 4.3.0 try again later');
          else {
            current.to.push(line);
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 ok');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
    socket.on('error', () => undefined);
  }
}

describe('SMTP transport (SMTP_URL)', { timeout: 60_000 }, () => {
  const stub = new SmtpStub();
  let t: TestApp;
  beforeAll(async () => {
    const port = await stub.start();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
    await stub.stop();
  });

  it('is chosen when SMTP_URL is set, and delivers the rendered message', async () => {
    expect(t.app.mail.transport.kind).toBe('smtp');
    const email = 'smtp-reader@mail.test';
    const res = await t.app.inject({
      method: 'POST',
      url: ACCOUNTS_API.register,
      payload: { user: validRegistration(email) },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(202);
    const mail = await latestMail(t.app, email);
    expect(mail?.status).toBe('sent');
    expect(stub.messages).toHaveLength(1);
    const [message] = stub.messages;
    expect(message?.to).toEqual([`RCPT TO:<${email}>`]);
    expect(message?.from).toContain('no-reply@atelier.test');
    expect(message?.data).toContain(`To: ${email}`);
    expect(message?.data).toContain('Subject: Confirm your e-mail address');
  });

  it('a temporary SMTP refusal leaves the mail pending for a retry', async () => {
    stub.refuseRecipients = true;
    const email = 'smtp-later@mail.test';
    await t.app.inject({
      method: 'POST',
      url: ACCOUNTS_API.register,
      payload: { user: validRegistration(email) },
      remoteAddress: nextIp(),
    });
    const mail = await latestMail(t.app, email);
    stub.refuseRecipients = false;
    expect(mail).toMatchObject({ status: 'pending', attempts: 1 });
    expect(mail?.lastError).toContain('451');
  });
});
