import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { mailOutbox } from './mail.tables';
import { claimDueMail } from './mail-outbox.repository';
import type { MailTransport, OutgoingMail } from './mail-transport';
import { retryDelayMs } from './mail-worker';

// Building the app on a fresh database takes seconds on a busy machine.
const HOOK_TIMEOUT_MS = 60_000;

/** A transport that fails its first `failures` sends, then records what it sends. */
class FlakyTransport implements MailTransport {
  readonly kind = 'flaky';
  readonly sent: OutgoingMail[] = [];
  attempts = 0;
  constructor(private failures: number) {}
  async send(mail: OutgoingMail) {
    this.attempts += 1;
    if (this.attempts <= this.failures) throw new Error(`SMTP 451 try again (${this.attempts})`);
    this.sent.push(mail);
  }
  async close() {}
  failNext(count: number) {
    this.failures = this.attempts + count;
  }
}

describe('mail outbox and worker', { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let app: App;
  const transport = new FlakyTransport(0);

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(testConfig(), {
      database,
      mail: {
        transport,
        worker: { autoStart: false, backoffBaseMs: 10_000, backoffMaxMs: 40_000, maxAttempts: 4 },
      },
    });
    await app.ready();
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  afterEach(async () => {
    await app.db.delete(mailOutbox);
    transport.sent.length = 0;
  });

  const queue = (to: string) =>
    app.db.transaction((tx) =>
      app.mail.mailer.queue(tx, {
        to,
        locale: 'en',
        template: 'password_changed',
        params: { name: 'Quinn' },
      }),
    );
  const row = async (id: number) =>
    (await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
  /** Seconds from the database's now until the row is due (negative: overdue). */
  const dueInS = async (id: number) => {
    const [r] = await app.db
      .select({
        s: sql<number>`extract(epoch from ${mailOutbox.nextAttemptAt} - now())`.mapWith(Number),
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id));
    return r?.s ?? Number.NaN;
  };
  /** Fakes the passing of time: makes the row due now. */
  const makeDue = (id: number) =>
    app.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));

  it('a change that rolls back leaves no mail behind', async () => {
    await expect(
      app.db.transaction(async (tx) => {
        await app.mail.mailer.queue(tx, {
          to: 'rollback@mail.test',
          locale: 'en',
          template: 'password_changed',
          params: { name: 'Quinn' },
        });
        throw new Error('the change failed after the mail was queued');
      }),
    ).rejects.toThrow('the change failed');
    expect(await app.db.select().from(mailOutbox)).toHaveLength(0);
    expect(await app.mail.worker.drain()).toBe(0);
    expect(transport.sent).toHaveLength(0);
  });

  it('a committed mail is delivered once, with the sender and a stable Message-ID', async () => {
    const id = await queue('Deliver@Mail.test');
    expect(await app.mail.worker.drain()).toBe(1);
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]).toMatchObject({
      toAddress: 'deliver@mail.test',
      from: 'Atelier Art School <no-reply@atelier.test>',
      messageId: expect.stringMatching(new RegExp(`^<outbox-${id}\\.\\d+@localhost>$`)),
    });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(await app.mail.worker.drain()).toBe(0);
    expect(transport.sent).toHaveLength(1);
  });

  it('a transport failure is retried with exponential backoff until it succeeds', async () => {
    transport.failNext(2);
    const id = await queue('flaky@mail.test');

    expect(await app.mail.worker.drain()).toBe(0);
    let r = await row(id);
    expect(r).toMatchObject({ status: 'pending', attempts: 1 });
    expect(r?.lastError).toContain('451');
    // First retry after the base delay (10 s here)…
    expect(await dueInS(id)).toBeGreaterThan(8);
    expect(await dueInS(id)).toBeLessThanOrEqual(10);
    // …and nothing is sent before it is due.
    expect(await app.mail.worker.drain()).toBe(0);
    expect((await row(id))?.attempts).toBe(1);

    await makeDue(id);
    expect(await app.mail.worker.drain()).toBe(0);
    r = await row(id);
    expect(r).toMatchObject({ status: 'pending', attempts: 2 });
    // …the next one after twice that.
    expect(await dueInS(id)).toBeGreaterThan(18);
    expect(await dueInS(id)).toBeLessThanOrEqual(20);

    await makeDue(id);
    expect(await app.mail.worker.drain()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(transport.sent.map((m) => m.toAddress)).toEqual(['flaky@mail.test']);
  });

  it('gives up after the last attempt and keeps the error for a person to read', async () => {
    transport.failNext(100);
    const id = await queue('never@mail.test');
    for (let attempt = 1; attempt <= 4; attempt++) {
      await makeDue(id);
      await app.mail.worker.drain();
    }
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 4 });
    expect((await row(id))?.lastError).toContain('451');
    await makeDue(id);
    await app.mail.worker.drain();
    expect((await row(id))?.attempts).toBe(4);
    transport.failNext(0);
  });

  it('a mail claimed by a worker that died is sent again once its lease runs out', async () => {
    const id = await queue('crash@mail.test');
    // A worker claims the row and dies before sending or recording anything.
    const claimed = await claimDueMail(app.db, { limit: 10, leaseMs: 60_000 });
    expect(claimed.map((m) => m.id)).toEqual([id]);
    // While the lease holds, nobody else takes it.
    expect(await app.mail.worker.drain()).toBe(0);
    expect(await claimDueMail(app.db, { limit: 10, leaseMs: 60_000 })).toHaveLength(0);

    await makeDue(id);
    expect(await app.mail.worker.drain()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('two workers polling at once never take the same mail', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => queue(`race${i}@mail.test`)));
    const [a, b] = await Promise.all([
      claimDueMail(app.db, { limit: 4, leaseMs: 60_000 }),
      claimDueMail(app.db, { limit: 4, leaseMs: 60_000 }),
    ]);
    const taken = [...(a ?? []), ...(b ?? [])].map((m) => m.id);
    expect(new Set(taken).size).toBe(taken.length);
    expect(taken.sort()).toEqual([...ids].sort());
  });

  it('backoff doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, 30_000, 300_000))).toEqual([
      30_000, 60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
  });

  it('a started worker delivers queued mail without being asked, and stops when the app closes', async () => {
    const database2 = await createTestDatabase();
    const recorder = new FlakyTransport(0);
    const app2 = await buildApp(testConfig(), {
      database: database2,
      mail: { transport: recorder, worker: { pollIntervalMs: 20 } },
    });
    let closed = false;
    try {
      await app2.ready();
      await app2.db.transaction((tx) =>
        app2.mail.mailer.queue(tx, {
          to: 'auto@mail.test',
          locale: 'ja',
          template: 'password_changed',
          params: { name: 'Quinn' },
        }),
      );
      const deadline = Date.now() + 30_000;
      while (recorder.sent.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(recorder.sent.map((m) => m.toAddress)).toEqual(['auto@mail.test']);

      await app2.close();
      closed = true;
      await app2.mail.mailer.queue(database2.db, {
        to: 'after-close@mail.test',
        locale: 'en',
        template: 'password_changed',
        params: { name: 'Quinn' },
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(recorder.sent).toHaveLength(1);
    } finally {
      if (!closed) await app2.close();
      await database2.close();
    }
  });
});
