import { FAMILY_API } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_TIMEOUT_MS } from './modules/cart/cart-testing';
import {
  as,
  type Cast,
  enroll,
  type Person,
  programmeWithSchedule,
} from './modules/classes/classes-testing';
import { attendeeProfiles } from './modules/users/users.tables';
import { cast } from './testing/cast';
import { createTestApp, type TestApp } from './testing/test-app';

// Who may see a child's card (docs/decisions/069-the-childs-card.md): the family, admins, and a
// teacher only on the roll of a session of the child's. This walks every GET operation of the
// served OpenAPI document, with each path parameter set to every id of a small world (the child,
// the families, the class), as a teacher who does not teach the child, a classmate's family and a
// guest, and checks that the child's medical notes, allergies and contacts appear in no answer.
// The same walk as the child's own teacher must find them (on the roll): the walk reaches them.

const NOTES = 'MEDNOTE-marker-4c7e91';
const ALLERGY = 'ALLERGY-marker-4c7e91';
const CONTACT = 'Quillon Markerson';
const PHONE = '+442079460958';
const MARKERS = [NOTES, ALLERGY, CONTACT, PHONE];

type Operation = { parameters?: { in: string; name: string }[] };
type Document = { paths: Record<string, Record<string, Operation>> };

describe('the child’s card never reaches anyone outside the family, admins and its teachers', () => {
  let t: TestApp;
  let c: Cast;
  let paths: string[];
  let values: string[];
  let query: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    const made = await programmeWithSchedule(t, c, { programme: { name: 'Clay Club' } });
    const klassId = (made.schedule.included as { type: string; id: string }[]).find(
      (r) => r.type === 'klasses',
    )?.id as string;
    const mia = c.parent.attendees.mia;
    // A classmate of another family, in the same schedule.
    const [zoe] = await t.database.db
      .insert(attendeeProfiles)
      .values({ userId: c.student.id, name: 'Zoe Student', birthday: '2015-01-01' })
      .returning({ id: attendeeProfiles.id });
    await enroll(t, made.scheduleId, [mia, zoe?.id as number]);
    const card = await t.app.inject({
      method: 'PUT',
      url: FAMILY_API.attendeeProfile(c.parent.id, mia),
      headers: as(c.parent),
      payload: {
        attendee_profile: {
          emergency_contacts: [{ name: CONTACT, phone: '+44 20 7946 0958', relation: 'aunt' }],
          allergies: ALLERGY,
          medical_notes: NOTES,
          authorised_pickups: [{ name: 'Nina Neighbour', relation: 'neighbour' }],
        },
      },
    });
    expect(card.statusCode).toBe(200);

    const doc = t.app.swagger() as unknown as Document;
    paths = Object.entries(doc.paths)
      .filter(([, operations]) => operations.get)
      .map(([path]) => path);
    values = [
      ...new Set(
        [
          mia,
          c.parent.attendees.leo,
          zoe?.id,
          c.parent.id,
          c.student.id,
          c.teacher.id,
          made.scheduleId,
          made.groupId,
          made.planId,
          klassId,
        ].map(String),
      ),
    ];
    const from = new Date(Date.now() - 400 * 86_400_000).toISOString();
    const to = new Date('2031-01-01T00:00:00Z').toISOString();
    query = new URLSearchParams({
      attendee_profile_id: String(mia),
      q: 'Mia',
      from,
      to,
    }).toString();
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  /** Every URL of the walk: each path with each combination of the world's ids, bare and with a query. */
  function urls(): string[] {
    const out: string[] = [];
    for (const path of paths) {
      let filled = [path];
      for (const match of path.matchAll(/\{(\w+)\}/g)) {
        const options = match[1] === 'slug' ? ['p-1', 'clay-club', ...values] : values;
        filled = filled.flatMap((url) => options.map((v) => url.replace(match[0], v)));
      }
      for (const url of filled) out.push(url, `${url}?${query}`);
    }
    return out;
  }

  /** The URLs whose answer to `who` carries one of the markers. */
  async function leaks(who: Person | null): Promise<string[]> {
    const found: string[] = [];
    for (const url of urls()) {
      const res = await t.app.inject({ method: 'GET', url, headers: who ? as(who) : {} });
      if (MARKERS.some((m) => res.body.includes(m))) found.push(`${url} → ${res.statusCode}`);
    }
    return found;
  }

  it('the walk covers the app and finds the card where it belongs (the teacher’s roll)', async () => {
    expect(paths.length).toBeGreaterThan(50);
    expect(paths).toContain('/api/v1/users/{id}/attendee_profiles/{profileId}');
    const seen = await leaks(c.teacher);
    expect(seen.some((u) => u.startsWith('/api/v1/klasses/'))).toBe(true);
  }, 300_000);

  it('a teacher who does not teach the child sees none of it', async () => {
    expect(await leaks(c.otherTeacher)).toEqual([]);
  }, 300_000);

  it('a classmate’s family sees none of it', async () => {
    expect(await leaks(c.student)).toEqual([]);
  }, 300_000);

  it('a guest sees none of it', async () => {
    expect(await leaks(null)).toEqual([]);
  }, 300_000);
});
