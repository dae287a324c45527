import { calendarDocumentSchema, calendarFeedDocumentSchema } from '@atelier/contract';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, type Cast, enroll, programmeWithSchedule } from '../classes/classes-testing';
import { setTestUserLocale } from '../users/users-testing';
import { calendarFeeds } from './calendar.tables';

describe('calendar and iCalendar feed', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let online: Awaited<ReturnType<typeof programmeWithSchedule>>;
  let inPerson: Awaited<ReturnType<typeof programmeWithSchedule>>;
  // Near the real date, inside the feed's window (60 days back, 400 ahead): eight Saturdays.
  const base = DateTime.now().setZone('America/New_York').plus({ days: 7 }).startOf('day');
  const dates = {
    start_date: base.toISODate() as string,
    end_date: base.plus({ days: 55 }).toISODate() as string,
  };
  const range = `?from=${encodeURIComponent(base.toISO() as string)}&to=${encodeURIComponent(base.plus({ days: 60 }).toISO() as string)}`;
  let firstSaturday = base;
  while (firstSaturday.weekday !== 6) firstSaturday = firstSaturday.plus({ days: 1 });
  const ical = (d: DateTime) => d.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    online = await programmeWithSchedule(t, c, {
      programme: {
        name: 'Drawing Lab, Online; Saturdays',
        format: 'online',
        location: null,
        meeting_url: 'https://meet.example.test/lab',
      },
      schedule: dates,
    });
    inPerson = await programmeWithSchedule(t, c, {
      programme: { name: 'Figure Drawing' },
      schedule: dates,
    });
    // The in-person run is Olga's.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_group_schedules/${inPerson.scheduleId}`,
      headers: as(c.admin),
      payload: { klass_group_schedule: { teacher_id: String(c.otherTeacher.id) } },
    });
    await enroll(t, online.scheduleId, [c.parent.attendees.mia]);
    const klasses = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/klass_group_schedules/${online.scheduleId}`,
        headers: as(c.admin),
      })
    )
      .json()
      .included.filter((r: { type: string }) => r.type === 'klasses');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klasses/${klasses[1].id}`,
      headers: as(c.admin),
      payload: { klass: { status: 'cancelled' } },
    });
  }, 60_000);
  afterAll(() => t.close());

  const calendar = (who?: { token: string }) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/calendar/klasses${range}`,
      headers: who ? as(who) : {},
    });
  const schedulesIn = (body: unknown) => [
    ...new Set(
      calendarDocumentSchema.parse(body).data.map((k) => k.attributes.klass_group_schedule_id),
    ),
  ];

  it('shows each person the sessions that concern them', async () => {
    expect(schedulesIn((await calendar(c.admin)).json()).sort()).toEqual(
      [online.scheduleId, inPerson.scheduleId].sort(),
    );
    expect(schedulesIn((await calendar(c.teacher)).json())).toEqual([online.scheduleId]);
    expect(schedulesIn((await calendar(c.otherTeacher)).json())).toEqual([inPerson.scheduleId]);
    expect(schedulesIn((await calendar(c.parent)).json())).toEqual([online.scheduleId]);
    expect((await calendar(c.student)).json().data).toEqual([]);
    expect((await calendar()).statusCode).toBe(401);
  });

  it("gives a family's calendar its enrolled attendees and the meeting link, and keeps cancelled sessions marked", async () => {
    const doc = calendarDocumentSchema.parse((await calendar(c.parent)).json());
    expect(doc.data).toHaveLength(8);
    expect(doc.data[0]?.attributes).toMatchObject({
      title: 'Drawing Lab, Online; Saturdays',
      format: 'online',
      meeting_url: 'https://meet.example.test/lab',
      teacher_name: 'Theo Teacher',
      attendee_names: ['Mia Parent'],
      time_zone: 'America/New_York',
    });
    expect(doc.data.map((k) => k.attributes.status)).toEqual([
      'scheduled',
      'cancelled',
      ...Array(6).fill('scheduled'),
    ]);
    expect(doc.included?.map((g) => g.attributes.name)).toEqual(['Drawing Lab, Online; Saturdays']);
    const figure = calendarDocumentSchema.parse((await calendar(c.otherTeacher)).json()).data[0];
    expect(figure?.attributes).toMatchObject({
      meeting_url: null,
      location: '12 Main St, Brooklyn',
    });
  });

  it('refuses a range over 100 days or running backwards, with a field message', async () => {
    const long = await t.app.inject({
      method: 'GET',
      url: '/api/v1/calendar/klasses?from=2030-01-01T00:00:00Z&to=2030-06-01T00:00:00Z',
      headers: as(c.admin),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors[0]).toMatchObject({
      detail: 'The range may span at most 100 days',
      meta: { type: 'validate', field: 'to' },
    });
    const backwards = await t.app.inject({
      method: 'GET',
      url: '/api/v1/calendar/klasses?from=2030-02-01T00:00:00Z&to=2030-01-01T00:00:00Z',
      headers: as(c.admin),
    });
    expect(backwards.json().errors[0].detail).toBe('Must be after from');
  });

  it('documents from and to as a date and time that needs its UTC offset, and the feed as text/calendar', () => {
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const params = doc.paths['/api/v1/calendar/klasses']?.get?.parameters as {
      name: string;
      description?: string;
      schema: { format?: string };
    }[];
    for (const name of ['from', 'to']) {
      const param = params.find((p) => p.name === name);
      expect(param?.schema.format).toBe('date-time');
      expect(param?.description).toContain('UTC offset');
    }
    const feed = doc.paths['/api/v1/calendar/{token}.ics']?.get?.responses as Record<
      string,
      { content: Record<string, unknown> }
    >;
    expect(Object.keys(feed['200']?.content ?? {})).toEqual(['text/calendar']);
  });

  describe('private feed', () => {
    const feed = (method: 'GET' | 'POST' | 'DELETE', who: { token: string } = c.teacher) =>
      t.app.inject({ method, url: '/api/v1/calendar/feed', headers: as(who) });
    const fetchIcs = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

    it('has no URL until made; the URL can be shown again and serves an RFC 5545 calendar', async () => {
      expect(
        calendarFeedDocumentSchema.parse((await feed('GET')).json()).data.attributes.url,
      ).toBeNull();
      const made = await feed('POST');
      expect(made.statusCode).toBe(201);
      const url = String(made.json().data.attributes.url);
      expect(url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      expect((await feed('GET')).json().data.attributes.url).toBe(url);

      const ics = await fetchIcs(url);
      expect(ics.statusCode).toBe(200);
      expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const text = ics.body;
      expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
      expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
      const lines = text.split('\r\n');
      expect(lines.every((l) => Buffer.byteLength(l, 'utf8') <= 75)).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const unfolded = text.replace(/\r\n /g, '').split('\r\n');
      expect(unfolded.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(8);
      expect(unfolded).toContain(`DTSTART:${ical(firstSaturday.set({ hour: 10 }))}`);
      expect(unfolded).toContain(`DTEND:${ical(firstSaturday.set({ hour: 12 }))}`);
      expect(unfolded.filter((l) => l.startsWith('UID:klass-'))).toHaveLength(8);
      expect(unfolded.some((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).toBe(true);
      expect(unfolded).toContain('SUMMARY:Drawing Lab\\, Online\\; Saturdays');
      expect(unfolded).toContain('SUMMARY:Cancelled: Drawing Lab\\, Online\\; Saturdays');
      expect(unfolded.filter((l) => l === 'STATUS:CANCELLED')).toHaveLength(1);
      expect(unfolded).toContain('URL:https://meet.example.test/lab');
    });

    it('stores only a hash of the token', async () => {
      const url = String((await feed('POST', c.parent)).json().data.attributes.url);
      const token = url.split('/').at(-1)?.replace('.ics', '') ?? '';
      const rows = await t.database.db.select().from(calendarFeeds);
      for (const row of rows) {
        expect(JSON.stringify(row)).not.toContain(token);
      }
      expect(rows.some((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
      const ics = (await fetchIcs(url)).body.replace(/\r\n /g, '');
      expect(ics).toContain('Attending: Mia Parent');
    });

    it('regenerating stops the old URL working; revoking stops the feed', async () => {
      const first = String((await feed('POST', c.otherTeacher)).json().data.attributes.url);
      expect((await fetchIcs(first)).statusCode).toBe(200);
      const second = String((await feed('POST', c.otherTeacher)).json().data.attributes.url);
      expect(second).not.toBe(first);
      expect((await fetchIcs(first)).statusCode).toBe(404);
      expect((await fetchIcs(second)).statusCode).toBe(200);
      expect((await feed('DELETE', c.otherTeacher)).statusCode).toBe(204);
      expect((await fetchIcs(second)).statusCode).toBe(404);
      expect((await feed('GET', c.otherTeacher)).json().data.attributes.url).toBeNull();
    });

    it('needs a sign-in to see or change the feed URL, and a well-formed token to read one', async () => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        expect((await t.app.inject({ method, url: '/api/v1/calendar/feed' })).statusCode).toBe(401);
      }
      const malformed = await t.app.inject({ method: 'GET', url: '/api/v1/calendar/short.ics' });
      expect(malformed.statusCode).toBe(422);
      const unknown = await t.app.inject({
        method: 'GET',
        url: `/api/v1/calendar/${'x'.repeat(43)}.ics`,
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  // Last: it gives the online programme and its schedule Japanese names
  // (docs/architecture.md#translated-content).
  it("names the programme and schedule in the reader's language: the page by the request, the feed by the owner's account", async () => {
    for (const [url, body] of [
      [
        `/api/v1/klass_groups/${online.groupId}`,
        { klass_group: { translations: { ja: { name: 'オンライン素描' } } } },
      ],
      [
        `/api/v1/klass_group_schedules/${online.scheduleId}`,
        { klass_group_schedule: { translations: { ja: { name: '土曜日' } } } },
      ],
    ] as const) {
      const res = await t.app.inject({ method: 'PATCH', url, headers: as(c.admin), payload: body });
      expect(res.statusCode).toBe(200);
    }
    const read = async (language: string) =>
      calendarDocumentSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/calendar/klasses${range}`,
            headers: { ...as(c.parent), 'accept-language': language },
          })
        ).json(),
      );
    const ja = await read('ja');
    expect(ja.data[0]?.attributes).toMatchObject({
      title: 'オンライン素描',
      schedule_name: '土曜日',
    });
    expect(ja.included?.map((g) => g.attributes.name)).toEqual(['オンライン素描']);
    const en = await read('en');
    expect(en.data[0]?.attributes).toMatchObject({
      title: 'Drawing Lab, Online; Saturdays',
      schedule_name: 'Saturdays',
    });

    const url = String(
      (
        await t.app.inject({ method: 'POST', url: '/api/v1/calendar/feed', headers: as(c.parent) })
      ).json().data.attributes.url,
    );
    const feedText = async () =>
      (await t.app.inject({ method: 'GET', url: new URL(url).pathname })).body.replace(
        /\r\n /g,
        '',
      );
    expect(await feedText()).toContain('SUMMARY:Drawing Lab\\, Online\\; Saturdays');
    await setTestUserLocale(t.database.db, c.parent.id, 'ja');
    const japanese = await feedText();
    expect(japanese).toContain('SUMMARY:オンライン素描');
    expect(japanese).toContain('SUMMARY:Cancelled: オンライン素描');
    expect(japanese).toContain('DESCRIPTION:土曜日');
  });
});
