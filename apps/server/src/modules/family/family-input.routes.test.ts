import {
  attendeeProfileListDocumentSchema,
  FAMILY_API,
  fieldMessages,
  ID_MAX,
  TEXT_MESSAGES,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { bearer, type SignedInUser, signedInUser } from '../accounts/accounts-testing';

// Building the app on a fresh database takes seconds on a busy machine.
const HOOK_TIMEOUT_MS = 60_000;

// Ids and text reach the family routes only through the contract's id and text schemas
// (docs/product.md#validation): what the database cannot hold is a 422, never a 500.
describe('family routes: ids and text the database cannot hold', { timeout: 60_000 }, () => {
  let t: TestApp;
  let parent: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    parent = await signedInUser(t, 'student');
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

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
    const overflow = ['2147483648', '9999999999', '9223372036854775808', '0', '0x10', '1e3', '-1'];
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
