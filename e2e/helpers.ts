import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { APP, type DemoRole, demoAccount, expect, signInAs } from './fixtures';
import { linkIn, nextMail } from './mail';

// What several specs do the same way: reach the API as a demo account, start from an empty cart,
// place an order as the app would, and pick an option of an MUI select.

/** A session token of a demo account, signed in through the API. */
export async function apiToken(request: APIRequestContext, role: DemoRole): Promise<string> {
  const account = demoAccount(role);
  const response = await request.post('/api/v1/users/sign_in', {
    data: { auth: { email: account.email, password: account.password } },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { jwt: string } }).data.jwt;
}

export const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

/** One order's card on /orders (the list holds the demo family's own orders too). */
export function orderCard(scope: Page | Locator, orderId: string): Locator {
  return scope.getByTestId('order-card').filter({ hasText: `Order ${orderId},` });
}

/**
 * Empties a demo account's server cart. The specs of one worker share its database, so a test
 * that checks out starts from what it put in the cart itself, not what an earlier spec left.
 */
export async function emptyCart(request: APIRequestContext, role: DemoRole): Promise<void> {
  await emptyCartOf(request, await apiToken(request, role));
}

async function emptyCartOf(request: APIRequestContext, jwt: string): Promise<void> {
  const headers = bearer(jwt);
  const list = await request.get('/api/v2/cart_items', { headers });
  expect(list.status()).toBe(200);
  const { data } = (await list.json()) as { data: { id: string }[] };
  for (const item of data) {
    const removed = await request.delete(`/api/v2/cart_items/${item.id}`, { headers });
    expect([200, 204]).toContain(removed.status());
  }
}

/**
 * Types `term` into an admin list's search field and returns once the list shows its answer. The
 * list asks the server after a pause in typing and then re-orders: a click aimed at a row before
 * that can land where the row was a moment earlier, on another row or on nothing.
 */
export async function searchList(page: Page, label: string, term: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' &&
      new URL(response.url()).searchParams.get('search') === term.trim(),
  );
  await page.getByRole('searchbox', { name: label }).fill(term);
  await answered;
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Picks `option` in the MUI select labelled `label` (a listbox in a popover, not a native select),
 * and waits until the listbox has closed. On a loaded machine a click that lands while the menu
 * is still opening is lost; the pick is then made again.
 */
export async function chooseOption(
  page: Page,
  label: string,
  option: string | RegExp,
  scope: Page | Locator = page,
): Promise<void> {
  const listbox = page.getByRole('listbox');
  await expect(async () => {
    if ((await listbox.count()) === 0) await scope.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option }).click({ timeout: 2_000 });
    await expect(listbox).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

type Included = {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: unknown }>;
};

/**
 * A programme's schedule (by the start of its name), its first plan and the programme's id, from
 * the catalogue.
 */
export async function scheduleOf(
  request: APIRequestContext,
  slug: string,
  namePrefix: string,
): Promise<{ scheduleId: string; planId: string; groupId: string }> {
  const response = await request.get(`/api/v1/catalogue/klass_groups/${slug}`);
  const { data, included } = (await response.json()) as {
    data: { id: string };
    included: Included[];
  };
  const schedule = included.find(
    (r) => r.type === 'klass_group_schedules' && String(r.attributes.name).startsWith(namePrefix),
  );
  if (!schedule) throw new Error(`no schedule ${namePrefix} in ${slug}`);
  const links = (schedule.relationships?.klass_group_schedule_plans?.data ?? []) as {
    id: string;
  }[];
  const link = included.find(
    (r) => r.type === 'klass_group_schedule_plans' && r.id === links[0]?.id,
  );
  const plan = link?.relationships?.plan?.data as { id: string } | undefined;
  if (!plan) throw new Error(`no plan for ${namePrefix} in ${slug}`);
  return { scheduleId: schedule.id, planId: plan.id, groupId: data.id };
}

/**
 * A new weekly schedule of a demo programme, made by the admin for one test alone and taught by
 * the demo teacher: a session each Wednesday from three days ahead for two months, on the
 * programme's first plan. A test that books several children, or
 * needs a session of its own, does not depend on which demo class comes first on the day it runs
 * nor on how many seats earlier tests left in it.
 */
export async function addSchedule(
  request: APIRequestContext,
  slug: string,
  name: string,
  { capacity = 8 } = {},
): Promise<{ scheduleId: string; planId: string }> {
  const { planId, groupId } = await scheduleOf(request, slug, '');
  const teacher = await request.get('/api/v1/users/me', {
    headers: bearer(await apiToken(request, 'teacher')),
  });
  const teacherId = ((await teacher.json()) as { data: { id: string } }).data.id;
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const made = await request.post(`/api/v1/klass_groups/${groupId}/schedules`, {
    headers: bearer(await apiToken(request, 'admin')),
    data: {
      klass_group_schedule: {
        name,
        teacher_id: teacherId,
        capacity,
        time_zone: 'America/New_York',
        start_date: day(3),
        end_date: day(60),
        slots: [{ weekday: 3, start_time: '16:00', end_time: '17:30' }],
        exception_dates: [],
        plan_ids: [planId],
      },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return { scheduleId: ((await made.json()) as { data: { id: string } }).data.id, planId };
}

/**
 * The id of a family member of the signed-in account, by name (a pattern where another spec on
 * the same worker may have renamed the child: the gallery's "Mia Kato").
 */
export async function familyMember(
  request: APIRequestContext,
  jwt: string,
  name: string | RegExp,
): Promise<string> {
  const me = await request.get('/api/v1/users/me', { headers: bearer(jwt) });
  const userId = ((await me.json()) as { data: { id: string } }).data.id;
  const response = await request.get(`/api/v1/users/${userId}/attendee_profiles`, {
    headers: bearer(jwt),
  });
  const { data } = (await response.json()) as { data: Included[] };
  const member = data.find((p) =>
    typeof name === 'string' ? p.attributes.name === name : name.test(String(p.attributes.name)),
  );
  if (!member) throw new Error(`no family member ${name}`);
  return member.id;
}

/** Books one attendee through the cart and checkout; with `pay`, pays with the 4242 card. */
export async function placeOrder(
  request: APIRequestContext,
  jwt: string,
  booking: { slug: string; schedule: string; attendee: string | RegExp },
  pay: boolean,
): Promise<string> {
  // Checkout takes the whole cart: the order is this booking alone.
  await emptyCartOf(request, jwt);
  const { scheduleId, planId } = await scheduleOf(request, booking.slug, booking.schedule);
  const attendeeId = await familyMember(request, jwt, booking.attendee);
  const added = await request.post('/api/v2/cart_items', {
    headers: bearer(jwt),
    data: {
      cart_item: {
        klass_group_schedule_id: scheduleId,
        plan_id: planId,
        number_of_attendees: 1,
        attendee_profile_ids: [attendeeId],
        addon_ids: [],
        coupon_code: null,
      },
    },
  });
  expect([200, 201], await added.text()).toContain(added.status());
  const placed = await request.post('/api/v2/orders', {
    headers: { ...bearer(jwt), 'idempotency-key': `e2e-${Date.now()}-${Math.random()}` },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (
    (await placed.json()) as {
      data: { id: string; attributes: { payment: { client_secret: string } | null } };
    }
  ).data;
  if (pay) {
    const secret = order.attributes.payment?.client_secret ?? '';
    const intentId = secret.split('_secret_')[0];
    const confirmed = await request.post(`/api/v2/fake_payments/${intentId}/confirm`, {
      data: { card_number: '4242424242424242', client_secret: secret },
    });
    expect(((await confirmed.json()) as { status: string }).status).toBe('succeeded');
  }
  return order.id;
}

/**
 * Adds (as the admin) a one-hour session to a schedule that started `hoursAgo` hours ago, so a roll
 * and a family's attendance have a past session to show; answers its start. Specs sharing a
 * worker's schedule pick different hours, so each finds its own session by its time.
 */
export async function addPastKlass(
  request: APIRequestContext,
  scheduleId: number | string,
  hoursAgo: number,
): Promise<Date> {
  return (await addKlass(request, scheduleId, hoursAgo)).startsAt;
}

/** addPastKlass, answering the new session's id too (for the API calls a test makes on it). */
export async function addKlass(
  request: APIRequestContext,
  scheduleId: number | string,
  hoursAgo: number,
): Promise<{ id: string; startsAt: Date }> {
  const startsAt = new Date(Date.now() - hoursAgo * 60 * 60_000);
  startsAt.setUTCSeconds(0, 0);
  const added = await request.post(`/api/v1/klass_group_schedules/${scheduleId}/klasses`, {
    headers: bearer(await apiToken(request, 'admin')),
    data: {
      klass: {
        starts_at: startsAt.toISOString(),
        ends_at: new Date(startsAt.getTime() + 60 * 60_000).toISOString(),
      },
    },
  });
  expect(added.status()).toBe(201);
  const { data } = (await added.json()) as { data: { id: string } };
  return { id: data.id, startsAt };
}

/**
 * A new family, registered and confirmed through the API as a parent would (the mailed link),
 * with one child of its own: a test that owns its family meets no other test's orders or credit.
 */
export async function registerFamily(
  request: APIRequestContext,
  family: { name: string; email: string; password: string; child: string },
): Promise<{ userId: string; jwt: string; childId: string }> {
  const registered = await request.post('/api/v1/users', {
    data: {
      user: {
        name: family.name,
        email: family.email,
        password: family.password,
        timezone: 'America/New_York',
        terms_accepted: true,
      },
    },
  });
  expect(registered.status()).toBe(202);
  const mail = await nextMail(request, family.email, 'confirmation');
  const token = linkIn(mail, '/register/').split('/').pop() as string;
  const confirmed = await request.put(`/api/v1/user_token/${token}`);
  expect(confirmed.status()).toBe(200);
  const { jwt } = ((await confirmed.json()) as { data: { jwt: string } }).data;
  const { userId, childId } = await addChild(request, jwt, family.child);
  return { userId, jwt, childId };
}

/**
 * A child of the signed-in account's own, ten years old today (in the age range of the demo's kids'
 * programmes whenever the suite runs): the demo children may already be enrolled by
 * other tests of the same worker.
 */
export async function addChild(
  request: APIRequestContext,
  jwt: string,
  name: string,
): Promise<{ userId: string; childId: string }> {
  const me = await request.get('/api/v1/users/me', { headers: bearer(jwt) });
  const userId = ((await me.json()) as { data: { id: string } }).data.id;
  const added = await request.post(`/api/v1/users/${userId}/attendee_profiles`, {
    headers: bearer(jwt),
    data: { attendee_profile: { name, birthday: yearsAgo(10) } },
  });
  expect(added.status()).toBe(201);
  const childId = ((await added.json()) as { data: { id: string } }).data.id;
  // Ready to book: checkout asks for each child's emergency contact (docs/product.md#the-childs-card).
  const card = await request.put(`/api/v1/users/${userId}/attendee_profiles/${childId}`, {
    headers: bearer(jwt),
    data: {
      attendee_profile: {
        emergency_contacts: [
          { name: 'Grace Grandparent', phone: '+1 212 555 0100', relation: 'grandmother' },
        ],
      },
    },
  });
  expect(card.status()).toBe(200);
  return { userId, childId };
}

/** The date (YYYY-MM-DD, UTC) `years` years before today. */
function yearsAgo(years: number): string {
  const day = new Date();
  day.setUTCFullYear(day.getUTCFullYear() - years);
  return day.toISOString().slice(0, 10);
}

// The demo school's time zone, in which /classes lays out its calendar.
const CLASSES_ZONE = 'America/New_York';
const dayIn = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: CLASSES_ZONE }).format(at);
const timeIn = (at: Date) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: CLASSES_ZONE,
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);

/**
 * The name of a session's choice in a class picker ("Drawing Lab, Sat, Nov 28, 2026, 3:09 – 5:09
 * PM (…)"): its day and start time, since other sessions of the demo data may come sooner.
 */
export function sessionChoice(programme: string, startsAt: Date): RegExp {
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: CLASSES_ZONE,
    month: 'short',
    day: 'numeric',
  }).format(startsAt);
  const time = timeIn(startsAt).replace(/\s?[AP]M$/, '');
  return new RegExp(`^${programme}, .*${day}, .*\\b${time}\\b`);
}

/** Opens, on /classes, the session of `programme` that starts at `startsAt` (month view). */
export async function openKlass(page: Page, programme: string, startsAt: Date) {
  await page.goto(`${APP}/classes?date=${dayIn(startsAt)}`);
  await page
    .locator(`[data-date="${dayIn(startsAt)}"]`)
    .getByRole('button', { name: new RegExp(`^${timeIn(startsAt)} .*${programme}`) })
    .click();
}

/**
 * Gives someone to call for an attendee in the desk's booking dialog (everyone booked at the desk
 * has one: docs/product.md#the-childs-card).
 */
/**
 * Adds a walk-in of the test's own through the API and opens the desk's booking dialog for them,
 * signed in as an admin on /customers/guest.
 */
export async function walkInBookingDialog(
  page: Page,
  request: APIRequestContext,
  name: string,
): Promise<Locator> {
  const admin = await apiToken(request, 'admin');
  const guest = await request.post('/api/v2/admin/guest_customers', {
    headers: bearer(admin),
    data: { guest_customer: { name } },
  });
  expect(guest.status()).toBe(201);
  await signInAs(page, 'admin');
  await page.goto(`${APP}/customers/guest`);
  await searchList(page, 'Search by name, e-mail or phone', name);
  await page.getByRole('button', { name: `Book a class for ${name}` }).click();
  return page.getByRole('dialog', { name: `Book a class for ${name}` });
}

export async function fillDeskContact(dialog: Locator, attendee: string): Promise<void> {
  const contact = dialog.getByRole('group', { name: `Someone to call for ${attendee}` });
  await contact.getByRole('textbox', { name: 'Name' }).fill('Dee Desk');
  await contact.getByRole('textbox', { name: 'Relation' }).fill('aunt');
  await contact.getByRole('textbox', { name: 'Phone' }).fill('+1 212 555 0100');
}
