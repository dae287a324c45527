import {
  attendeeProfileDocumentSchema,
  attendeeProfileListDocumentSchema,
  FAMILY_API,
  FAMILY_MESSAGES,
  fieldMessages,
  ID_MAX,
  latestToday,
  PAGE_SIZE,
  TEXT_MESSAGES,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { bearer, type SignedInUser, signedInUser } from '../accounts/accounts-testing';
import { enroll, programmeWithSchedule } from '../classes/classes-testing';
import { attendeeProfiles } from '../users/users.tables';

// Building the app on a fresh database takes seconds on a busy machine.
const HOOK_TIMEOUT_MS = 60_000;

describe('family members (attendee profiles)', { timeout: 60_000 }, () => {
  let t: TestApp;
  let parent: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    parent = await signedInUser(t, 'student');
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

  const list = (actor: SignedInUser | null, userId: number, page = 1) =>
    t.app.inject({
      method: 'GET',
      url: `${FAMILY_API.attendeeProfiles(userId)}?page=${page}`,
      headers: actor ? bearer(actor.jwt) : {},
    });
  const add = (actor: SignedInUser, userId: number, profile: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: FAMILY_API.attendeeProfiles(userId),
      payload: { attendee_profile: profile },
      headers: bearer(actor.jwt),
    });
  const edit = (
    actor: SignedInUser,
    userId: number,
    id: string,
    profile: Record<string, unknown>,
  ) =>
    t.app.inject({
      method: 'PUT',
      url: FAMILY_API.attendeeProfile(userId, id),
      payload: { attendee_profile: profile },
      headers: bearer(actor.jwt),
    });
  const remove = (actor: SignedInUser, userId: number, id: string) =>
    t.app.inject({
      method: 'DELETE',
      url: FAMILY_API.attendeeProfile(userId, id),
      headers: bearer(actor.jwt),
    });

  it('adds, lists (holder first, then by name), edits and removes family members', async () => {
    const family = await signedInUser(t, 'student');
    const zoe = await add(family, family.id, { name: 'Zoe', birthday: '2016-04-02' });
    expect(zoe.statusCode).toBe(201);
    const zoeId = attendeeProfileDocumentSchema.parse(zoe.json()).data.id;
    await add(family, family.id, { name: 'Adam', birthday: '2018-09-30' });
    const holder = await add(family, family.id, {
      name: 'Parent Self',
      birthday: '1985-01-15',
      is_account_holder: true,
    });
    expect(holder.json().data.attributes.is_account_holder).toBe(true);

    const res = await list(family, family.id);
    expect(res.statusCode).toBe(200);
    const doc = attendeeProfileListDocumentSchema.parse(res.json());
    expect(doc.data.map((p) => p.attributes.name)).toEqual(['Parent Self', 'Adam', 'Zoe']);
    expect(doc.meta).toEqual({ total: 3, page: 1, per_page: PAGE_SIZE });
    expect(doc.data[0]?.relationships.user.data).toEqual({ id: String(family.id), type: 'users' });

    const edited = await edit(family, family.id, zoeId, { name: 'Zoë', birthday: '2016-04-03' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.attributes).toEqual({
      name: 'Zoë',
      birthday: '2016-04-03',
      is_account_holder: false,
      gallery_visibility: 'family',
      comments_need_approval: true,
      emergency_contacts: [],
      allergies: '',
      medical_notes: '',
      authorised_pickups: [],
    });

    expect((await remove(family, family.id, zoeId)).statusCode).toBe(204);
    expect((await remove(family, family.id, zoeId)).statusCode).toBe(404);
    expect(
      attendeeProfileListDocumentSchema.parse((await list(family, family.id)).json()).meta.total,
    ).toBe(2);
  });

  it('keeps each child’s gallery choices: who sees the work, and whether comments wait for approval', async () => {
    const family = await signedInUser(t, 'student');
    const kid = (await add(family, family.id, { name: 'Mia Kato', birthday: '2016-04-02' })).json()
      .data.id as string;
    // The most private choice is the default (docs/architecture.md#gallery-privacy).
    const listed = attendeeProfileListDocumentSchema.parse((await list(family, family.id)).json());
    expect(listed.data[0]?.attributes).toMatchObject({
      gallery_visibility: 'family',
      comments_need_approval: true,
    });
    const res = await edit(family, family.id, kid, {
      gallery_visibility: 'classmates',
      comments_need_approval: false,
    });
    expect(res.statusCode).toBe(200);
    const again = attendeeProfileListDocumentSchema.parse((await list(family, family.id)).json());
    expect(again.data[0]?.attributes).toMatchObject({
      name: 'Mia Kato',
      gallery_visibility: 'classmates',
      comments_need_approval: false,
    });
    const bad = await edit(family, family.id, kid, { gallery_visibility: 'everyone' });
    expect(bad.statusCode).toBe(422);
    expect(fieldMessages(bad.json())).toEqual({ gallery_visibility: 'Invalid input' });
  });

  it('allows at most one account holder', async () => {
    const family = await signedInUser(t, 'student');
    await add(family, family.id, { name: 'Me', birthday: '1990-01-01', is_account_holder: true });
    const second = await add(family, family.id, {
      name: 'Also Me',
      birthday: '1990-01-01',
      is_account_holder: true,
    });
    expect(second.statusCode).toBe(422);
    expect(fieldMessages(second.json())).toEqual({
      is_account_holder: FAMILY_MESSAGES.oneAccountHolder,
    });
    const child = await add(family, family.id, { name: 'Kid', birthday: '2019-01-01' });
    const promote = await edit(family, family.id, child.json().data.id, {
      is_account_holder: true,
    });
    expect(promote.statusCode).toBe(422);
    // Concurrent attempts: the database keeps it to one.
    const other = await signedInUser(t, 'student');
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        add(other, other.id, {
          name: `Holder ${n}`,
          birthday: '1980-02-02',
          is_account_holder: true,
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(2);
  });

  it('validates name and birthday: required, a real date, within the date picker range, not in the future', async () => {
    const tomorrow = new Date(`${latestToday()}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { name: 'Required', birthday: 'Required' }],
      [{ name: 'A', birthday: '2020-02-30' }, { birthday: 'Invalid input' }],
      [{ name: 'A', birthday: '1899-12-31' }, { birthday: FAMILY_MESSAGES.birthdayRange }],
      [
        { name: 'A', birthday: tomorrow.toISOString().slice(0, 10) },
        { birthday: FAMILY_MESSAGES.birthdayFuture },
      ],
      [{ name: 'A', birthday: '12/03/2015' }, { birthday: 'Invalid input' }],
    ];
    for (const [profile, messages] of cases) {
      const res = await add(parent, parent.id, profile);
      expect(res.statusCode, JSON.stringify(profile)).toBe(422);
      expect(fieldMessages(res.json())).toEqual(messages);
    }
    expect((await add(parent, parent.id, { name: 'Old', birthday: '1900-01-01' })).statusCode).toBe(
      201,
    );
    expect(
      (await add(parent, parent.id, { name: 'Newborn', birthday: latestToday() })).statusCode,
    ).toBe(201);
  });

  it('only the owner or an admin sees or changes a family', async () => {
    const family = await signedInUser(t, 'student');
    const member = (await add(family, family.id, { name: 'Kid', birthday: '2017-07-07' })).json()
      .data.id;
    const stranger = await signedInUser(t, 'student');
    const teacher = await signedInUser(t, 'teacher');
    const admin = await signedInUser(t, 'admin');

    expect((await list(null, family.id)).statusCode).toBe(401);
    for (const actor of [stranger, teacher]) {
      expect((await list(actor, family.id)).statusCode).toBe(403);
      expect((await add(actor, family.id, { name: 'X', birthday: '2010-01-01' })).statusCode).toBe(
        403,
      );
      expect((await edit(actor, family.id, member, { name: 'X' })).statusCode).toBe(403);
      expect((await remove(actor, family.id, member)).statusCode).toBe(403);
    }
    // Someone else's profile id through one's own account is not found, not reachable.
    expect((await edit(stranger, stranger.id, member, { name: 'X' })).statusCode).toBe(404);
    expect((await list(admin, family.id)).json().meta.total).toBe(1);
    expect((await edit(admin, family.id, member, { name: 'By Admin' })).statusCode).toBe(200);
    expect((await list(admin, 999_999)).statusCode).toBe(404);
  });

  it('pages the list', async () => {
    const big = await signedInUser(t, 'student');
    await t.app.db.insert(attendeeProfiles).values(
      Array.from({ length: PAGE_SIZE + 3 }, (_, i) => ({
        userId: big.id,
        name: `Child ${String(i).padStart(2, '0')}`,
        birthday: '2015-01-01',
      })),
    );
    const second = attendeeProfileListDocumentSchema.parse((await list(big, big.id, 2)).json());
    expect(second.data.map((p) => p.attributes.name)).toEqual([
      `Child ${PAGE_SIZE}`,
      `Child ${PAGE_SIZE + 1}`,
      `Child ${PAGE_SIZE + 2}`,
    ]);
    expect(second.meta.total).toBe(PAGE_SIZE + 3);
    const beyond = attendeeProfileListDocumentSchema.parse((await list(big, big.id, 5)).json());
    expect(beyond).toEqual({
      data: [],
      meta: { total: PAGE_SIZE + 3, page: 5, per_page: PAGE_SIZE },
    });
  });

  it('refuses with 409 to remove a family member enrolled in a class, and keeps them', async () => {
    const c = await cast(t);
    const { scheduleId } = await programmeWithSchedule(t, c);
    const family = await signedInUser(t, 'student');
    const created = await add(family, family.id, { name: 'Ivy', birthday: '2016-02-02' });
    expect(created.statusCode).toBe(201);
    const id: string = created.json().data.id;
    await enroll(t, scheduleId, [Number(id)]);

    const res = await remove(family, family.id, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toMatchObject({
      detail: FAMILY_MESSAGES.inUse,
      meta: { reason: 'in_use' },
    });
    const after = await list(family, family.id);
    expect(after.json().data.map((p: { id: string }) => p.id)).toContain(id);
  });

  // Ids and text reach the family routes only through the contract's id and text schemas
  // (docs/product.md#validation): what the database cannot hold is a 422, never a 500.
  describe('family routes: ids and text the database cannot hold', () => {
    let parent: SignedInUser;
    beforeAll(async () => {
      parent = await signedInUser(t, 'student');
    });

    const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: bearer(parent.jwt) });

    it('answers a family member name holding a control character with a 422 on name', async () => {
      for (const name of ['Mia\u0000', 'Mia\u0007Lee', '\u001b[31mMia', 'Mia\u007f', 'Mia\nLee']) {
        const res = await send('POST', FAMILY_API.attendeeProfiles(parent.id), {
          attendee_profile: { name, birthday: '2016-04-02' },
        });
        expect(res.statusCode, JSON.stringify(name)).toBe(422);
        expect(fieldMessages(res.json())).toEqual({ name: TEXT_MESSAGES.controlCharacter });
      }
      const japanese = await send('POST', FAMILY_API.attendeeProfiles(parent.id), {
        attendee_profile: { name: '山田 花子', birthday: '2016-04-02' },
      });
      expect(japanese.statusCode).toBe(201);

      const id = japanese.json().data.id as string;
      const edit = await send('PUT', FAMILY_API.attendeeProfile(parent.id, id), {
        attendee_profile: { name: 'Hanako\u0000' },
      });
      expect(edit.statusCode).toBe(422);
      expect(fieldMessages(edit.json())).toEqual({ name: TEXT_MESSAGES.controlCharacter });
    });

    it('answers ids beyond a PostgreSQL integer, or not plain digits, with 422 (never 500)', async () => {
      const overflow = [
        '2147483648',
        '9999999999',
        '9223372036854775808',
        '0',
        '0x10',
        '1e3',
        '-1',
      ];
      for (const bad of overflow) {
        const asProfile = await send('DELETE', FAMILY_API.attendeeProfile(parent.id, bad));
        expect(asProfile.statusCode, bad).toBe(422);
        expect(fieldMessages(asProfile.json())).toEqual({ profileId: 'Invalid input' });
        const asUser = await send('DELETE', FAMILY_API.attendeeProfile(bad, 1));
        expect(asUser.statusCode, bad).toBe(422);
        expect((await send('GET', FAMILY_API.attendeeProfiles(bad))).statusCode, bad).toBe(422);
      }
      // The largest id is a well-formed id: nobody's, so 404.
      const largest = await send('DELETE', FAMILY_API.attendeeProfile(parent.id, ID_MAX));
      expect(largest.statusCode).toBe(404);
    });

    it('pages up to the largest page number, and refuses beyond it', async () => {
      const last = await send('GET', `${FAMILY_API.attendeeProfiles(parent.id)}?page=${ID_MAX}`);
      expect(last.statusCode).toBe(200);
      const doc = attendeeProfileListDocumentSchema.parse(last.json());
      expect(doc.data).toEqual([]);
      expect(doc.meta.page).toBe(ID_MAX);
      for (const page of ['2147483648', '0', '1e3', '%201']) {
        const res = await send('GET', `${FAMILY_API.attendeeProfiles(parent.id)}?page=${page}`);
        expect(res.statusCode, page).toBe(422);
        expect(fieldMessages(res.json())).toEqual({ page: 'Invalid input' });
      }
    });
  });
});
