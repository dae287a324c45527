import {
  API,
  fieldMessages,
  flatten,
  ID_MAX,
  type Notification,
  notificationDocumentSchema,
  notificationListDocumentSchema,
  notificationSchema,
  PAGE_SIZE,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryPubSub } from '../../pubsub/pubsub';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import { bearer, type SignedInUser, signedInUser } from '../accounts/accounts-testing';
import { insertUserRows } from '../users/users-testing';
import { notificationsTopic } from './notifications.channel';
import { listNotifications, notify } from './notifications.service';
import { notifications } from './notifications.tables';

describe('notifications API', () => {
  let t: TestApp;
  const people: Record<'reader' | 'other' | 'teacher' | 'helper' | 'quiet', number> = {
    reader: 0,
    other: 0,
    teacher: 0,
    helper: 0,
    quiet: 0,
  };
  const tokens: Record<string, string> = {};
  const as = (who: keyof typeof people) => ({ authorization: `Bearer ${tokens[who]}` });

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of Object.keys(people) as (keyof typeof people)[]) {
      const [row] = await insertUserRows(t.database.db, [
        {
          email: `${who}@example.test`,
          name: `${who[0]?.toUpperCase()}${who.slice(1)}`,
          passwordHash: 'unused',
          avatarKey: who === 'teacher' ? 'avatars/teacher.webp' : null,
          confirmedAt: new Date(),
        },
      ]);
      people[who] = row?.id ?? 0;
      tokens[who] = await t.app.sessions.issueSessionToken({ id: people[who], role: 'student' });
    }
    // 25 for the reader: creation times deliberately out of id order, so "newest first" cannot
    // pass by sorting on ids. Senders alternate between two people and nobody (the school).
    const base = Date.parse('2026-01-10T12:00:00Z');
    await t.database.db.insert(notifications).values(
      Array.from({ length: 25 }, (_, i) => ({
        recipientId: people.reader,
        senderId: [people.teacher, people.helper, null][i % 3] ?? null,
        title: `title ${i}`,
        content: `content ${i}`,
        recordType: 'posts' as const,
        recordId: 100 + i,
        createdAt: new Date(base + ((i * 7) % 25) * 60_000),
      })),
    );
    await t.database.db.insert(notifications).values({
      recipientId: people.other,
      senderId: people.teacher,
      title: "other's",
      content: 'not for the reader',
      recordType: 'feedbacks',
      recordId: 1,
    });
  }, 60_000);
  afterAll(() => t.close());

  const list = async (who: keyof typeof people, page?: number | string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: page === undefined ? API.notifications : `${API.notifications}?page=${page}`,
      headers: as(who),
    });
    return res;
  };
  const flatList = (body: unknown) =>
    notificationSchema.array().parse(flatten(notificationListDocumentSchema.parse(body)));

  it('every route answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', API.notifications],
      ['PUT', API.notificationMarkRead(1)],
      ['PUT', API.notificationsMarkAllRead],
      ['GET', API.notificationsUnreadCount],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().errors[0].code).toBe('unauthorized');
    }
  });

  it('lists the user’s own notifications newest first, a page at a time', async () => {
    const first = await list('reader');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.meta).toEqual({ total: 25, page: 1, per_page: PAGE_SIZE });
    const page1 = flatList(body);
    expect(page1).toHaveLength(PAGE_SIZE);

    const page2 = flatList((await list('reader', 2)).json());
    expect(page2).toHaveLength(25 - PAGE_SIZE);

    const all = [...page1, ...page2];
    const times = all.map((n) => Date.parse(n.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(all.map((n) => n.id)).size).toBe(25);
    expect(all.every((n) => n.title.startsWith('title '))).toBe(true);

    const empty = await list('reader', 3);
    expect(empty.json()).toEqual({ data: [], meta: { total: 25, page: 3, per_page: PAGE_SIZE } });
  });

  it('includes each sender once, with name and avatar only, and null for the school', async () => {
    const body = (await list('reader')).json();
    const included = body.included as { id: string; type: string; attributes: object }[];
    expect(included.map((r) => r.id).sort()).toEqual(
      [String(people.teacher), String(people.helper)].sort(),
    );
    for (const sender of included) {
      expect(sender.type).toBe('users');
      expect(Object.keys(sender.attributes).sort()).toEqual(['avatar_url', 'name']);
    }
    const flat = flatList(body);
    const bySender = (id: number | null) =>
      flat.filter((n) => (n.sender ? n.sender.id : null) === (id === null ? null : String(id)));
    expect(bySender(people.teacher)[0]?.sender).toEqual({
      id: String(people.teacher),
      type: 'users',
      name: 'Teacher',
      avatar_url: t.app.images.urls('avatars/teacher.webp').thumbUrl,
    });
    expect(bySender(people.helper)[0]?.sender?.avatar_url).toBeNull();
    expect(bySender(null).length).toBeGreaterThan(0);
    expect(flat[0]?.record.type).toBe('posts');
  });

  it('turns the sender’s avatar key into a URL when given the storage’s resolver', async () => {
    const doc = await listNotifications(t.database.db, people.reader, 1, (key) => `/files/${key}`);
    const teacher = doc.included?.find((r) => r.id === String(people.teacher));
    expect(teacher?.attributes.avatar_url).toBe('/files/avatars/teacher.webp');
  });

  it('lists a full page with many senders in a fixed number of queries', async () => {
    // A database of its own: the app's counter also sees its background work (the mail worker).
    const quietDb = await createTestDatabase();
    try {
      const [sender1, sender2, recipient, nobody] = await insertUserRows(
        quietDb.db,
        ['s1', 's2', 'r', 'n'].map((name) => ({
          email: `${name}@example.test`,
          name,
          passwordHash: 'unused',
        })),
      );
      if (!sender1 || !sender2 || !recipient || !nobody) throw new Error('no users');
      await quietDb.db.insert(notifications).values(
        Array.from({ length: PAGE_SIZE }, (_, i) => ({
          recipientId: recipient.id,
          senderId: i % 2 ? sender1.id : sender2.id,
          title: 't',
          content: 'c',
          recordType: 'comments' as const,
          recordId: i + 1,
        })),
      );
      const queriesOf = async (userId: number) => {
        const before = quietDb.queryCount();
        const doc = await listNotifications(quietDb.db, userId, 1);
        return { queries: quietDb.queryCount() - before, doc };
      };
      const full = await queriesOf(recipient.id);
      const empty = await queriesOf(nobody.id);
      expect(full.doc.data).toHaveLength(PAGE_SIZE);
      expect(full.doc.included).toHaveLength(2);
      expect(empty.doc.data).toHaveLength(0);
      // The page and the total; then, with senders to show, all their names in one query.
      expect(full.queries).toBe(3);
      expect(empty.queries).toBe(2);
    } finally {
      await quietDb.close();
    }
  }, 30_000);

  it('refuses a page that is not a positive integer with 422', async () => {
    for (const page of ['0', '-1', 'abc', '1.5']) {
      const res = await list('reader', page);
      expect(res.statusCode, page).toBe(422);
      expect(res.json().errors[0].meta).toEqual({ type: 'validate', field: 'page' });
    }
  });

  it('marks one of the user’s notifications read, once', async () => {
    const [target] = flatList((await list('reader')).json()) as [Notification];
    const unreadBefore = (
      await t.app.inject({
        method: 'GET',
        url: API.notificationsUnreadCount,
        headers: as('reader'),
      })
    ).json().data;

    const res = await t.app.inject({
      method: 'PUT',
      url: API.notificationMarkRead(target.id),
      headers: as('reader'),
    });
    expect(res.statusCode).toBe(200);
    const marked = notificationSchema.parse(flatten(notificationDocumentSchema.parse(res.json())));
    expect(marked).toMatchObject({ id: target.id, read: true, title: target.title });

    const again = await t.app.inject({
      method: 'PUT',
      url: API.notificationMarkRead(target.id),
      headers: as('reader'),
    });
    expect(again.statusCode).toBe(200);
    const count = await t.app.inject({
      method: 'GET',
      url: API.notificationsUnreadCount,
      headers: as('reader'),
    });
    expect(count.json()).toEqual({ data: unreadBefore - 1 });
  });

  it('answers 404 for someone else’s notification and leaves it unread', async () => {
    const [others] = flatList((await list('other')).json()) as [Notification];
    const res = await t.app.inject({
      method: 'PUT',
      url: API.notificationMarkRead(others.id),
      headers: as('reader'),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('not_found');
    const still = flatList((await list('other')).json());
    expect(still[0]?.read).toBe(false);

    const missing = await t.app.inject({
      method: 'PUT',
      url: API.notificationMarkRead(2_000_000_000),
      headers: as('reader'),
    });
    expect(missing.statusCode).toBe(404);
    for (const bad of ['abc', '0', '99999999999']) {
      const res422 = await t.app.inject({
        method: 'PUT',
        url: API.notificationMarkRead(bad),
        headers: as('reader'),
      });
      expect(res422.statusCode, bad).toBe(422);
    }
  });

  it('marks all of the user’s notifications read and nobody else’s', async () => {
    const unread = (who: keyof typeof people) =>
      t.app
        .inject({ method: 'GET', url: API.notificationsUnreadCount, headers: as(who) })
        .then((r) => r.json().data as number);
    const before = await unread('reader');
    expect(before).toBeGreaterThan(0);
    expect(await unread('other')).toBe(1);

    const res = await t.app.inject({
      method: 'PUT',
      url: API.notificationsMarkAllRead,
      headers: as('reader'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, meta: { updated: before } });
    expect(await unread('reader')).toBe(0);
    expect(await unread('other')).toBe(1);
    expect(flatList((await list('reader', 2)).json()).every((n) => n.read)).toBe(true);

    const twice = await t.app.inject({
      method: 'PUT',
      url: API.notificationsMarkAllRead,
      headers: as('reader'),
    });
    expect(twice.json()).toEqual({ data: null, meta: { updated: 0 } });
  });

  it('notify() stores the notification and publishes it on the recipient’s channel', async () => {
    const published: unknown[] = [];
    const stop = await t.app.pubsub.subscribe(notificationsTopic(people.quiet), (m) =>
      published.push(m),
    );
    const sent = await notify(t.app, {
      recipientId: people.quiet,
      senderId: people.teacher,
      title: 'Feedback',
      content: 'Lovely shading',
      record: { type: 'feedbacks', id: 5 },
    });
    await stop();
    expect(published).toEqual([sent]);

    const listed = (await list('quiet')).json();
    expect(listed.data).toEqual([sent.data]);
    expect(listed.included).toEqual(sent.included);
    const count = await t.app.inject({
      method: 'GET',
      url: API.notificationsUnreadCount,
      headers: as('quiet'),
    });
    expect(count.json()).toEqual({ data: 1 });
  });

  it('notify() keeps the notification when the live broadcast fails', async () => {
    const broken = new MemoryPubSub();
    broken.publish = async () => {
      throw new Error('redis down');
    };
    const warnings: string[] = [];
    const sent = await notify(
      { db: t.database.db, pubsub: broken, log: { warn: (_obj, msg) => warnings.push(msg) } },
      {
        recipientId: people.helper,
        title: 'Class message',
        content: 'No class on Monday',
        record: { type: 'messages', id: 9 },
      },
    );
    expect(sent.data.relationships.sender.data).toBeNull();
    expect(sent.included).toBeUndefined();
    expect(warnings).toEqual(['notification stored but not broadcast']);
    const listed = flatList((await list('helper')).json());
    expect(listed.map((n) => n.id)).toEqual([sent.data.id]);
  });

  // Notification ids and pages go through the contract's id and page schemas: no coercion, so
  // `0x10` or `1e3` are refused, and nothing beyond a PostgreSQL integer reaches the database.
  describe('notifications: ids and pages the database cannot hold', () => {
    let reader: SignedInUser;
    beforeAll(async () => {
      reader = await signedInUser(t, 'student');
    });

    it('answers malformed or overflowing ids and pages with 422, the largest id with 404', async () => {
      for (const bad of ['2147483648', '9223372036854775808', '0x10', '1e3', '0', '-1']) {
        const read = await t.app.inject({
          method: 'PUT',
          url: API.notificationMarkRead(bad),
          headers: bearer(reader.jwt),
        });
        expect(read.statusCode, bad).toBe(422);
        expect(fieldMessages(read.json())).toEqual({ id: 'Invalid input' });
        const page = await t.app.inject({
          method: 'GET',
          url: `${API.notifications}?page=${bad}`,
          headers: bearer(reader.jwt),
        });
        expect(page.statusCode, bad).toBe(422);
      }
      const largest = await t.app.inject({
        method: 'PUT',
        url: API.notificationMarkRead(ID_MAX),
        headers: bearer(reader.jwt),
      });
      expect(largest.statusCode).toBe(404);
    });
  });
});
