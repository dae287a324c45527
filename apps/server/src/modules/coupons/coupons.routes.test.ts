import {
  COUPON_MESSAGES,
  COUPONS_API,
  couponDocumentSchema,
  couponFlatSchema,
  couponListDocumentSchema,
  PAGE_SIZE,
  parseDocument,
  USER_GROUPS_API,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, type Cast, type Person, programmeWithSchedule } from '../classes/classes-testing';
import { recordCouponUse } from '../orders/orders-testing';

type Fields = Record<string, string>;
const fieldMessages = (body: { errors: { detail: string; meta?: { field?: string } }[] }) =>
  Object.fromEntries(body.errors.map((e) => [e.meta?.field ?? '', e.detail])) as Fields;

describe('coupons (teachers and admins)', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let groupId: string;
  let programmeId: string;
  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    groupId = (
      await t.app.inject({
        method: 'POST',
        url: USER_GROUPS_API.userGroups,
        headers: as(c.teacher),
        payload: { user_group: { name: 'Scholarship families' } },
      })
    ).json().data.id;
    programmeId = (await programmeWithSchedule(t, c)).groupId;
  }, 60_000);
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who?: Person,
    payload?: object,
  ) => t.app.inject({ method, url, headers: who ? as(who) : {}, ...(payload ? { payload } : {}) });
  const create = (fields: Record<string, unknown>, who: Person = c.teacher) =>
    call('POST', COUPONS_API.coupons, who, {
      coupon: { discount_type: 'percent', discount_amount: 10, ...fields },
    });

  it('lets a teacher create a coupon kept for a group and a programme, and read it back', async () => {
    const created = await create({
      code: 'Spring-10',
      discount_type: 'fixed',
      discount_amount: 1500,
      valid_from: '2030-03-01T00:00:00-05:00',
      valid_until: '2030-04-01T00:00:00-04:00',
      max_redemptions: 50,
      max_redemptions_per_user: 1,
      user_group_id: groupId,
      klass_group_id: programmeId,
    });
    expect(created.statusCode).toBe(201);
    const doc = couponDocumentSchema.parse(created.json());
    const coupon = parseDocument(couponFlatSchema, doc);
    expect(coupon).toMatchObject({
      code: 'Spring-10',
      discount_type: 'fixed',
      discount_amount: 1500,
      valid_from: '2030-03-01T05:00:00.000Z',
      valid_until: '2030-04-01T04:00:00.000Z',
      max_redemptions: 50,
      max_redemptions_per_user: 1,
      redeemed_count: 0,
      held_count: 0,
      user_group: { id: groupId, name: 'Scholarship families' },
      klass_group: { id: programmeId, name: 'Observational Drawing' },
    });
    const read = await call('GET', COUPONS_API.coupon(coupon.id), c.admin);
    expect(read.json()).toEqual(created.json());
    // The group now counts the coupon kept for it.
    const group = await call('GET', USER_GROUPS_API.userGroup(groupId), c.teacher);
    expect(group.json().data.attributes.coupons_count).toBe(1);
  });

  it('replaces every field with PUT: a field left out becomes null', async () => {
    const id = (await create({ code: 'PUTME', max_redemptions: 5, user_group_id: groupId })).json()
      .data.id;
    const replaced = await call('PUT', COUPONS_API.coupon(id), c.admin, {
      coupon: { code: 'putme', discount_type: 'percent', discount_amount: 25 },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.attributes).toMatchObject({
      code: 'putme',
      discount_amount: 25,
      max_redemptions: null,
    });
    expect(replaced.json().data.relationships.user_group.data).toBeNull();
  });

  it('refuses a code taken in another case with a message on code, on create and on change', async () => {
    expect((await create({ code: 'WELCOME' })).statusCode).toBe(201);
    const taken = await create({ code: 'welcome' });
    expect(taken.statusCode).toBe(422);
    expect(fieldMessages(taken.json())).toEqual({ code: COUPON_MESSAGES.codeTaken });
    const other = (await create({ code: 'OTHER' })).json().data.id;
    const changed = await call('PUT', COUPONS_API.coupon(other), c.teacher, {
      coupon: { code: 'Welcome', discount_type: 'percent', discount_amount: 5 },
    });
    expect(fieldMessages(changed.json())).toEqual({ code: COUPON_MESSAGES.codeTaken });
  });

  it('lets exactly one of two racing creates of one code (in two cases) through', async () => {
    const [a, b] = await Promise.all([create({ code: 'RACE' }), create({ code: 'race' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const loser = a.statusCode === 422 ? a : b;
    expect(fieldMessages(loser.json())).toEqual({ code: COUPON_MESSAGES.codeTaken });
  });

  it('refuses a percentage over 100, a window that ends before it starts, bad codes and limits', async () => {
    const percent = await create({ code: 'TOOMUCH', discount_amount: 101 });
    expect(fieldMessages(percent.json())).toEqual({
      discount_amount: COUPON_MESSAGES.percentTooHigh,
    });
    // 101 cents off is fine as a fixed amount.
    expect(
      (await create({ code: 'FIXED101', discount_type: 'fixed', discount_amount: 101 })).statusCode,
    ).toBe(201);
    const window = await create({
      code: 'BACKWARDS',
      valid_from: '2030-02-01T00:00:00Z',
      valid_until: '2030-01-01T00:00:00Z',
    });
    expect(fieldMessages(window.json())).toEqual({ valid_until: COUPON_MESSAGES.windowOrder });
    const bad = await create({
      code: 'TWO WORDS',
      discount_type: 'half',
      discount_amount: 0,
      max_redemptions: 0,
      max_redemptions_per_user: 1.5,
      valid_from: 'tomorrow',
    });
    expect(bad.statusCode).toBe(422);
    expect(fieldMessages(bad.json())).toEqual({
      code: COUPON_MESSAGES.codeCharacters,
      discount_type: 'Choose percent or fixed',
      discount_amount: COUPON_MESSAGES.amountTooLow,
      max_redemptions: COUPON_MESSAGES.amountTooLow,
      max_redemptions_per_user: 'Must be a whole number',
      valid_from: 'Enter a date and time with its UTC offset',
    });
    const missing = await call('POST', COUPONS_API.coupons, c.teacher, { coupon: {} });
    expect(fieldMessages(missing.json())).toMatchObject({
      code: 'Required',
      discount_amount: 'Required',
    });
  });

  it('refuses an unknown group or programme with a message on its field', async () => {
    const group = await create({ code: 'NOGROUP', user_group_id: '2147483647' });
    expect(group.statusCode).toBe(422);
    expect(fieldMessages(group.json())).toEqual({
      user_group_id: COUPON_MESSAGES.unknownUserGroup,
    });
    const programme = await create({ code: 'NOPROG', klass_group_id: '2147483647' });
    expect(fieldMessages(programme.json())).toEqual({
      klass_group_id: COUPON_MESSAGES.unknownKlassGroup,
    });
  });

  it('shows redeemed and held uses; an expired hold no longer counts', async () => {
    const id = Number((await create({ code: 'COUNTED' })).json().data.id);
    const inAnHour = new Date(Date.now() + 3_600_000);
    const anHourAgo = new Date(Date.now() - 3_600_000);
    for (const expiresAt of [null, inAnHour, anHourAgo]) {
      await recordCouponUse(t, { couponId: id, userId: c.student.id, expiresAt });
    }
    const read = await call('GET', COUPONS_API.coupon(id), c.teacher);
    expect(read.json().data.attributes).toMatchObject({ redeemed_count: 1, held_count: 1 });
  });

  it('deletes a coupon, and answers 404 for one that does not exist', async () => {
    const id = (await create({ code: 'GONE' })).json().data.id;
    expect((await call('DELETE', COUPONS_API.coupon(id), c.teacher)).statusCode).toBe(204);
    expect((await call('GET', COUPONS_API.coupon(id), c.teacher)).statusCode).toBe(404);
    expect((await call('DELETE', COUPONS_API.coupon(id), c.teacher)).statusCode).toBe(404);
    const put = await call('PUT', COUPONS_API.coupon(id), c.teacher, {
      coupon: { code: 'GONE', discount_type: 'percent', discount_amount: 5 },
    });
    expect(put.statusCode).toBe(404);
    expect((await call('GET', COUPONS_API.coupon('1e3'), c.teacher)).statusCode).toBe(422);
  });

  it('pages the list by code and filters it by search', async () => {
    for (let i = 0; i < PAGE_SIZE + 1; i++) {
      await create({ code: `PAGE${String(i).padStart(2, '0')}` });
    }
    // Every coupon kept for a group and a programme: their names come in the same query.
    await create({ code: 'PAGE_SCOPED', user_group_id: groupId, klass_group_id: programmeId });
    const before = t.database.queryCount();
    const list = couponListDocumentSchema.parse(
      (await call('GET', `${COUPONS_API.coupons}?search=page&page=2`, c.admin)).json(),
    );
    // The count and the page (uses, group and programme names in subqueries and joins), plus at
    // most the session check: the same whatever the page's size.
    expect(t.database.queryCount() - before).toBeLessThanOrEqual(3);
    expect(list.meta).toEqual({ total: PAGE_SIZE + 2, page: 2, per_page: PAGE_SIZE });
    expect(list.data.map((x) => x.attributes.code)).toEqual([`PAGE${PAGE_SIZE}`, 'PAGE_SCOPED']);
  });

  it('answers a guest 401 and a student 403 on every route', async () => {
    const routes = [
      ['GET', COUPONS_API.coupons],
      ['POST', COUPONS_API.coupons],
      ['GET', COUPONS_API.coupon(1)],
      ['PUT', COUPONS_API.coupon(1)],
      ['DELETE', COUPONS_API.coupon(1)],
    ] as const;
    for (const [method, url] of routes) {
      expect((await call(method, url, undefined, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, c.student, {})).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
