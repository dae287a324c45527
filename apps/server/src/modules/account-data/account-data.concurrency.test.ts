import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../mail/mail.tables';
import { createRateLimiter } from '../../plugins/rate-limit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedInUser } from '../accounts/accounts-testing';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import type { AccountDataContext } from './account-data.context';
import { runExportSweep } from './account-data.service';
import { accountExports } from './account-data.tables';

// Background exports are built by whichever server process claims them first
// (docs/decisions/072-a-familys-data-is-theirs.md): two sweeps at once, as two processes would run
// them, build each export once and mail each family once. On PostgreSQL (TEST_DB=postgres) the
// sweeps run on separate connections; on PGlite they interleave on one.
describe('background exports with two sweeps at once', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  /** A context as each server process builds its own (accountDataPlugin). */
  const processContext = (): AccountDataContext => ({
    db: t.app.db,
    mailer: t.app.mail.mailer,
    storage: t.app.storage,
    images: t.app.images,
    sessions: t.app.sessions,
    appUrl: t.config.appUrl,
    directMaxImages: 0,
    // The sweep checks no password.
    passwordChecks: createRateLimiter({ limit: 10, windowMs: 60_000, name: 'unused' }),
    now: () => new Date(),
  });

  it('builds each of 6 queued exports exactly once and mails each family one link', async () => {
    const families = await Promise.all(Array.from({ length: 6 }, () => signedInUser(t, 'student')));
    const jobs = await t.database.db
      .insert(accountExports)
      .values(families.map((f) => ({ userId: f.id })))
      .returning({ id: accountExports.id });

    const built = await Promise.all([
      runExportSweep(processContext()),
      runExportSweep(processContext()),
    ]);
    expect(built[0] + built[1]).toBe(6);

    const rows = await t.database.db
      .select()
      .from(accountExports)
      .where(
        inArray(
          accountExports.id,
          jobs.map((j) => j.id),
        ),
      );
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(rows.map(() => ['ready', 1]));
    for (const family of families) {
      const mails = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, family.email));
      expect(mails.filter((m) => m.template === 'account_export_ready')).toHaveLength(1);
    }
  });
});
