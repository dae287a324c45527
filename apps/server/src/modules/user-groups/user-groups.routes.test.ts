import {
  PAGE_SIZE,
  USER_GROUP_MESSAGES,
  USER_GROUPS_API,
  userGroupDocumentSchema,
  userGroupListDocumentSchema,
  userGroupMemberListDocumentSchema,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, type Cast, type Person, person } from '../classes/classes-testing';
import { coupons } from '../coupons/coupons.tables';

type Fields = Record<string, string>;
const fieldMessages = (body: { errors: { detail: string; meta?: { field?: string } }[] }) =>
  Object.fromEntries(body.errors.map((e) => [e.meta?.field ?? '', e.detail])) as Fields;

describe('user groups (teachers and admins)', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  }, 60_000);
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who?: Person,
    payload?: object,
  ) => t.app.inject({ method, url, headers: who ? as(who) : {}, ...(payload ? { payload } : {}) });
  const create = (name: string, who: Person = c.teacher) =>
    call('POST', USER_GROUPS_API.userGroups, who, { user_group: { name } });

  it('lets a teacher create, read, rename and delete a group', async () => {
    const created = await create('Homeschool co-op');
    expect(created.statusCode).toBe(201);
    const group = userGroupDocumentSchema.parse(created.json()).data;
    expect(group.attributes).toMatchObject({
      name: 'Homeschool co-op',
      members_count: 0,
      coupons_count: 0,
    });
    const renamed = await call('PUT', USER_GROUPS_API.userGroup(group.id), c.admin, {
      user_group: { name: '  Homeschool families ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.attributes.name).toBe('Homeschool families');
    const read = await call('GET', USER_GROUPS_API.userGroup(group.id), c.teacher);
    expect(read.json().data.attributes.name).toBe('Homeschool families');
    expect((await call('DELETE', USER_GROUPS_API.userGroup(group.id), c.teacher)).statusCode).toBe(
      204,
    );
    expect((await call('GET', USER_GROUPS_API.userGroup(group.id), c.teacher)).statusCode).toBe(
      404,
    );
  });

  it('refuses a name taken in another case, and an empty one, with field messages', async () => {
    expect((await create('Scholarship')).statusCode).toBe(201);
    const taken = await create('SCHOLARSHIP');
    expect(taken.statusCode).toBe(422);
    expect(fieldMessages(taken.json())).toEqual({ name: USER_GROUP_MESSAGES.nameTaken });
    const other = (await create('Other group')).json().data.id;
    const renamed = await call('PUT', USER_GROUPS_API.userGroup(other), c.teacher, {
      user_group: { name: 'scholarship' },
    });
    expect(renamed.statusCode).toBe(422);
    expect(fieldMessages(renamed.json())).toEqual({ name: USER_GROUP_MESSAGES.nameTaken });
    const empty = await create('   ');
    expect(fieldMessages(empty.json())).toEqual({ name: 'Required' });
  });

  it('lets exactly one of two racing creates of one name (in two cases) through', async () => {
    const [a, b] = await Promise.all([create('Racing Group'), create('racing group')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const loser = a.statusCode === 422 ? a : b;
    expect(fieldMessages(loser.json())).toEqual({ name: USER_GROUP_MESSAGES.nameTaken });
  });

  it('adds members once each, lists them by name and page, and removes them', async () => {
    const id = (await create('Members test')).json().data.id;
    const zed = await person(t, 'student', 'Zed Member');
    const amy = await person(t, 'student', 'Amy Member');
    const added = await call('POST', USER_GROUPS_API.members(id), c.teacher, {
      user_ids: [String(zed.id), String(amy.id), String(zed.id)],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.attributes.members_count).toBe(2);
    // Adding someone already in changes nothing.
    const again = await call('POST', USER_GROUPS_API.members(id), c.admin, {
      user_ids: [String(amy.id)],
    });
    expect(again.json().data.attributes.members_count).toBe(2);
    const members = userGroupMemberListDocumentSchema.parse(
      (await call('GET', USER_GROUPS_API.members(id), c.teacher)).json(),
    );
    expect(members.data.map((m) => m.attributes.name)).toEqual(['Amy Member', 'Zed Member']);
    expect(members.meta).toEqual({ total: 2, page: 1, per_page: PAGE_SIZE });
    expect((await call('DELETE', USER_GROUPS_API.member(id, zed.id), c.teacher)).statusCode).toBe(
      204,
    );
    expect((await call('DELETE', USER_GROUPS_API.member(id, zed.id), c.teacher)).statusCode).toBe(
      404,
    );
    const after = (await call('GET', USER_GROUPS_API.members(id), c.teacher)).json();
    expect(after.data.map((m: { id: string }) => m.id)).toEqual([String(amy.id)]);
  });

  it('refuses unknown accounts and empty lists with a message on user_ids, and unknown groups with 404', async () => {
    const id = (await create('Unknown members')).json().data.id;
    const unknown = await call('POST', USER_GROUPS_API.members(id), c.teacher, {
      user_ids: [String(c.student.id), '2147483647'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(fieldMessages(unknown.json())).toEqual({ user_ids: USER_GROUP_MESSAGES.unknownUsers });
    expect((await call('GET', USER_GROUPS_API.members(id), c.teacher)).json().meta.total).toBe(0);
    const empty = await call('POST', USER_GROUPS_API.members(id), c.teacher, { user_ids: [] });
    expect(fieldMessages(empty.json())).toEqual({ user_ids: 'Choose at least one person' });
    const missing = '2147483646';
    for (const [method, url, payload] of [
      ['GET', USER_GROUPS_API.userGroup(missing)],
      ['PUT', USER_GROUPS_API.userGroup(missing), { user_group: { name: 'Nobody' } }],
      ['DELETE', USER_GROUPS_API.userGroup(missing)],
      ['GET', USER_GROUPS_API.members(missing)],
      ['POST', USER_GROUPS_API.members(missing), { user_ids: [String(c.student.id)] }],
      ['DELETE', USER_GROUPS_API.member(missing, c.student.id)],
    ] as const) {
      const res = await call(method, url, c.admin, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', USER_GROUPS_API.userGroup('0x10'), c.admin)).statusCode).toBe(422);
  });

  it('refuses with 409 to delete a group a coupon is kept for', async () => {
    const id = (await create('Coupon group')).json().data.id;
    await t.database.db
      .insert(coupons)
      .values({ code: 'GROUPONLY', discountType: 'percent', discountAmount: 10, userGroupId: +id });
    const refused = await call('DELETE', USER_GROUPS_API.userGroup(id), c.teacher);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].detail).toBe(USER_GROUP_MESSAGES.inUse(1));
    expect(
      (await call('GET', USER_GROUPS_API.userGroup(id), c.teacher)).json().data.attributes,
    ).toMatchObject({ coupons_count: 1 });
  });

  it('pages the list of groups by name and filters it by search', async () => {
    for (let i = 0; i < PAGE_SIZE + 1; i++) {
      await create(`Paged ${String(i).padStart(2, '0')}`);
    }
    const before = t.database.queryCount();
    const second = userGroupListDocumentSchema.parse(
      (await call('GET', `${USER_GROUPS_API.userGroups}?search=paged&page=2`, c.teacher)).json(),
    );
    // The count and the page (member and coupon counts in subqueries), plus at most the session
    // check: the same whatever the page's size.
    expect(t.database.queryCount() - before).toBeLessThanOrEqual(3);
    expect(second.meta).toEqual({ total: PAGE_SIZE + 1, page: 2, per_page: PAGE_SIZE });
    expect(second.data.map((g) => g.attributes.name)).toEqual([`Paged ${PAGE_SIZE}`]);
  });

  it('answers a guest 401 and a student 403 on every route', async () => {
    const routes = [
      ['GET', USER_GROUPS_API.userGroups],
      ['POST', USER_GROUPS_API.userGroups],
      ['GET', USER_GROUPS_API.userGroup(1)],
      ['PUT', USER_GROUPS_API.userGroup(1)],
      ['DELETE', USER_GROUPS_API.userGroup(1)],
      ['GET', USER_GROUPS_API.members(1)],
      ['POST', USER_GROUPS_API.members(1)],
      ['DELETE', USER_GROUPS_API.member(1, 1)],
    ] as const;
    for (const [method, url] of routes) {
      expect((await call(method, url, undefined, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, c.student, {})).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
