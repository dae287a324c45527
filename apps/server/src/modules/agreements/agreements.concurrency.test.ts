import { AGREEMENTS_API } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, type Person } from '../classes/classes-testing';
import { family } from '../gallery/gallery-testing';
import { agreementSignatures, agreementVersions } from './agreements.tables';
import { publishAgreement } from './agreements-testing';

// Decision 070: two signs of the same version for the same child at once make one signature, and
// two publishes at once make versions 1 and 2, never two 1s. On PGlite and on PostgreSQL
// (TEST_DB=postgres, its own pool per app), from two app instances sharing the database, the way
// two server processes would.

describe('agreements under concurrency', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let second: App;
  let secondDb: Database | null = null;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    secondDb = t.database.url
      ? await openDatabase({ kind: 'postgres', url: t.database.url })
      : null;
    second = await buildApp(t.config, {
      database: secondDb ?? t.database,
      mail: { worker: { autoStart: false } },
    });
    await second.ready();
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await second.close();
    await secondDb?.close();
    await t.close();
  });

  const signOn = (app: App, who: Person, versionId: string, attendeeId?: number) =>
    app.inject({
      method: 'POST',
      url: AGREEMENTS_API.signatures,
      headers: as(who),
      payload: {
        agreement_version_id: versionId,
        ...(attendeeId ? { attendee_profile_id: String(attendeeId) } : {}),
        signer_name: 'Kenji Kato',
        agreed: true,
      },
    });

  it('two signs of the same child’s release at once make one signature', async () => {
    const kato = await family(t, 'Kenji Kato', [{ name: 'Mia Kato' }]);
    const mia = kato.kids[0] ?? 0;
    const release = await publishAgreement(t, c.admin, {
      title: 'Release',
      kind: 'media_release',
      per_child: true,
    });
    const answers = await Promise.all([
      signOn(t.app, kato, release.versionId, mia),
      signOn(second, kato, release.versionId, mia),
      signOn(t.app, kato, release.versionId, mia),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(agreementSignatures)
      .where(eq(agreementSignatures.attendeeProfileId, mia));
    expect(rows).toHaveLength(1);
  });

  it('two signs of the same family waiver at once make one signature', async () => {
    const brown = await family(t, 'Bob Brown', [{ name: 'Bea Brown' }]);
    const waiver = await publishAgreement(t, c.admin, { title: 'Waiver', kind: 'waiver' });
    const answers = await Promise.all([
      signOn(t.app, brown, waiver.versionId),
      signOn(second, brown, waiver.versionId),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    const rows = await t.database.db
      .select()
      .from(agreementSignatures)
      .where(eq(agreementSignatures.familyUserId, brown.id));
    expect(rows).toHaveLength(1);
  });

  it('two publishes at once number their versions one after the other', async () => {
    const { agreementId } = await publishAgreement(t, c.admin, { title: 'Policy', kind: 'policy' });
    const publish = (app: App, body: string) =>
      app.inject({
        method: 'POST',
        url: AGREEMENTS_API.adminAgreementVersions(agreementId),
        headers: as(c.admin),
        payload: { body },
      });
    const answers = await Promise.all([publish(t.app, 'Two.'), publish(second, 'Three.')]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    const versions = await t.database.db
      .select({ version: agreementVersions.version })
      .from(agreementVersions)
      .where(eq(agreementVersions.agreementId, Number(agreementId)));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2, 3]);
  });
});
