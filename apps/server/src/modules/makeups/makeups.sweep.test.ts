import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../mail/mail.tables';
import { makeupReads } from '../../read-models/makeup-reads';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import type { Cast } from '../classes/classes-testing';
import { type MakeupsContext, sweepMakeupReminders } from './makeups.service';
import { makeupCredits } from './makeups.tables';
import { giveCredit } from './makeups-testing';

// A week before an unused credit lapses the family gets one mail, whichever of several processes
// sweeps (docs/decisions/074-absences-and-make-ups.md); the clock is pinned.
describe('the make-up expiry reminder', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  let clock = new Date('2030-03-01T00:00:00Z');

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const ctx = (): MakeupsContext => ({
    db: t.database.db,
    now: () => clock,
    policy: { perTerm: 2, creditDays: 60 },
    notify: async () => undefined,
    mailer: t.app.mail.mailer,
    log: t.app.log,
    reads: makeupReads,
  });
  const mails = () =>
    t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'makeup_credit_expiring'));

  it('mails once per credit a week before expiry, never for a used or far-off credit', async () => {
    const day = 86_400_000;
    const soon = await giveCredit(t, c.parent.attendees.mia, new Date(clock.getTime() + 10 * day));
    await giveCredit(t, c.parent.attendees.leo, new Date(clock.getTime() + 80 * day));
    const used = await giveCredit(t, c.parent.attendees.leo, new Date(clock.getTime() + 9 * day));
    await t.database.db
      .update(makeupCredits)
      .set({ usedAt: clock })
      .where(eq(makeupCredits.id, used));
    expect(await sweepMakeupReminders(ctx())).toBe(0);
    clock = new Date(clock.getTime() + 4 * day);
    // Two processes sweeping at once: one mail.
    const [a, b] = await Promise.all([sweepMakeupReminders(ctx()), sweepMakeupReminders(ctx())]);
    expect((a ?? 0) + (b ?? 0)).toBe(1);
    expect(await sweepMakeupReminders(ctx())).toBe(0);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toContain('Mia Parent');
    const [row] = await t.database.db
      .select()
      .from(makeupCredits)
      .where(eq(makeupCredits.id, soon));
    expect(row?.remindedAt).not.toBeNull();
    // Past its expiry it is no longer reminded (it has lapsed).
    clock = new Date(clock.getTime() + 30 * day);
    expect(await sweepMakeupReminders(ctx())).toBe(0);
  });
});
