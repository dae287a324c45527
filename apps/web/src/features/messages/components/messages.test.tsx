import type { MessageAttributes, MessageSchedule } from '@atelier/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNotification, buildUser } from '../../../testing/builders';
import { putNotifications } from '../../../testing/cache-entries';
import { invalid } from '../../../testing/error-replies';
import { type FakeApi, type FakeRequest, fakeApi } from '../../../testing/fake-api';
import { makeStore, renderWithProviders } from '../../../testing/render-with-providers';
import { selectNotifications, selectUnreadCount } from '../../notifications';
import { ReceivedMessages } from './received-messages';
import { SendMessageForm } from './send-message-form';
import { SentMessages } from './sent-messages';

// Two cores shared by many test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const ZONE = 'America/New_York';
const teacher = { session: { status: 'loaded' as const, user: buildUser({ role: 'teacher' }) } };
const family = { session: { status: 'loaded' as const, user: buildUser({ role: 'student' }) } };
const meta = (total: number) => ({ total, page: 1, per_page: 20 });

const DAY = 86_400_000;
const soon = Date.now() + 2 * DAY;
const schedule = (overrides: Partial<MessageSchedule> = {}) => {
  const {
    id = '4',
    type: _type,
    ...attributes
  } = {
    name: 'Saturdays',
    klass_group_name: 'Comics Drawing',
    time_zone: ZONE,
    start_date: '2030-01-05',
    end_date: '2030-02-23',
    family_count: 3,
    klasses: [
      {
        id: '40',
        starts_at: new Date(Date.now() - 5 * DAY).toISOString(),
        ends_at: new Date(Date.now() - 5 * DAY + 7_200_000).toISOString(),
        status: 'scheduled' as const,
      },
      {
        id: '41',
        starts_at: new Date(soon).toISOString(),
        ends_at: new Date(soon + 7_200_000).toISOString(),
        status: 'scheduled' as const,
      },
    ],
    ...overrides,
  };
  return { id, type: 'klass_group_schedules', attributes };
};

const messageResource = (id: string, overrides: Partial<MessageAttributes> = {}) => ({
  id,
  type: 'messages',
  attributes: {
    title: 'Bring an apron',
    body: 'We paint on Saturday.\nSee you!',
    audience: 'schedule',
    created_at: '2030-01-02T15:00:00.000Z',
    sender: { id: '2', name: 'Theo Teacher' },
    klass_group_schedule: {
      id: '4',
      name: 'Saturdays',
      klass_group_name: 'Comics Drawing',
      time_zone: ZONE,
    },
    klass: null,
    recipient_count: 5,
    read_count: 3,
    read_at: null,
    recipients: null,
    ...overrides,
  } satisfies MessageAttributes,
});

const familyResource = (id: string, name: string) => ({
  id,
  type: 'users',
  attributes: {
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.test`,
    avatar_url: null,
    role: 'student',
    timezone: null,
    locale: null,
  },
});

const posts = (s: FakeApi | undefined) =>
  (s?.requests ?? []).filter((r: FakeRequest) => r.method === 'POST');

describe('Send Message', { timeout: 30_000 }, () => {
  const routes = {
    'GET /api/v1/messages/schedules': { data: { data: [schedule()], meta: meta(1) } },
    'POST /api/v1/messages': (request: FakeRequest) => ({
      status: 201,
      data: {
        data: messageResource('9', {
          ...(request.body as { message: { title: string } }).message,
          recipient_count: 3,
          read_count: 0,
        }),
      },
    }),
  };

  it('says what is missing before asking the server', async () => {
    server = fakeApi(routes);
    const { user } = renderWithProviders(<SendMessageForm />, { preloadedState: teacher });
    await user.click(await screen.findByRole('button', { name: 'Send message' }));
    const form = screen.getByTestId('send-message-form');
    expect(within(form).getByText('Choose a class')).toBeVisible();
    expect(within(form).getAllByText('Required')).toHaveLength(2);
    // Pasted, not typed: 121 keystrokes re-render the form 121 times for nothing this test reads.
    await user.click(screen.getByRole('textbox', { name: /^Title/ }));
    await user.paste('x'.repeat(121));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByText('Must be at most 120 characters')).toBeVisible();
    expect(posts(server)).toHaveLength(0);
  });

  it('sends to everyone in a class found by name, then says how many families it reached', async () => {
    server = fakeApi({
      ...routes,
      'GET /api/v1/messages/schedules': (request) => ({
        data: {
          data: request.params.keyword === 'comics' ? [schedule()] : [],
          meta: meta(1),
        },
      }),
    });
    const { user, store } = renderWithProviders(<SendMessageForm />, { preloadedState: teacher });
    const picker = await screen.findByRole('combobox', { name: /^Class/ });
    await user.type(picker, 'comics');
    await user.click(await screen.findByRole('option', { name: /Comics Drawing · Saturdays/ }));
    expect(picker).toHaveValue('Comics Drawing · Saturdays');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), '  Bring an apron ');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'We paint on Saturday.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(posts(server)).toHaveLength(1));
    expect(posts(server)[0]?.body).toEqual({
      message: {
        klass_group_schedule_id: '4',
        title: 'Bring an apron',
        body: 'We paint on Saturday.',
      },
    });
    await waitFor(() =>
      expect(store.getState().snackbar).toMatchObject({
        open: true,
        type: 'success',
        content: 'Message sent to 3 families.',
      }),
    );
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('');
  });

  it('sends to one session, the coming one chosen first', async () => {
    server = fakeApi(routes);
    const { user } = renderWithProviders(<SendMessageForm />, { preloadedState: teacher });
    await user.click(await screen.findByRole('radio', { name: 'Everyone in one session' }));
    await user.click(await screen.findByRole('combobox', { name: /^Class/ }));
    await user.click(await screen.findByRole('option', { name: /Comics Drawing · Saturdays/ }));
    const klass = screen.getByRole('combobox', { name: /^Session/ });
    expect(klass).toHaveValue('41');
    await user.selectOptions(klass, '40');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Room change');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Room 2.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(posts(server)).toHaveLength(1));
    expect(posts(server)[0]?.body).toEqual({
      message: { klass_id: '40', title: 'Room change', body: 'Room 2.' },
    });
  });

  it('sends to families chosen by name', async () => {
    server = fakeApi({
      ...routes,
      'GET /api/v1/messages/families': (request) => ({
        data: {
          data:
            request.params.keyword === 'pa'
              ? [familyResource('7', 'Pat Parent'), familyResource('8', 'Paula Pine')]
              : [],
          meta: meta(2),
        },
      }),
    });
    const { user } = renderWithProviders(<SendMessageForm />, { preloadedState: teacher });
    await user.click(await screen.findByRole('radio', { name: 'Chosen families' }));
    const picker = screen.getByRole('combobox', { name: /^Families/ });
    await user.type(picker, 'pa');
    await user.click(await screen.findByRole('option', { name: 'Pat Parent (pat@example.test)' }));
    await user.type(picker, 'pa');
    await user.click(
      await screen.findByRole('option', { name: 'Paula Pine (paula@example.test)' }),
    );
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Portfolio');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Ready to collect.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(posts(server)).toHaveLength(1));
    expect(posts(server)[0]?.body).toEqual({
      message: { user_ids: ['7', '8'], title: 'Portfolio', body: 'Ready to collect.' },
    });
  });

  it('shows the server’s field message beside the field it names, in the UI language', async () => {
    server = fakeApi({
      ...routes,
      'POST /api/v1/messages': invalid({
        klass_group_schedule_id: 'Nobody is enrolled yet: there is nobody to send this to',
      }),
    });
    const { user } = renderWithProviders(<SendMessageForm />, { preloadedState: teacher });
    await user.click(await screen.findByRole('combobox', { name: /^Class/ }));
    await user.click(await screen.findByRole('option', { name: /Comics Drawing · Saturdays/ }));
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Hello all.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const field = screen.getByRole('combobox', { name: /^Class/ });
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Nobody is enrolled yet/));
  });
});

describe('Sent messages', { timeout: 30_000 }, () => {
  it('lists each message with its audience and "3 of 5 read"; one opens with each family’s read time', async () => {
    server = fakeApi({
      'GET /api/v1/messages': {
        data: {
          data: [
            messageResource('9'),
            messageResource('8', {
              title: 'Portfolio',
              audience: 'users',
              klass_group_schedule: null,
              recipient_count: 2,
              read_count: 0,
            }),
          ],
          meta: meta(2),
        },
      },
      'GET /api/v1/messages/9': {
        data: {
          data: messageResource('9', {
            recipients: [
              { id: '7', name: 'Pat Parent', read_at: '2030-01-03T14:30:00.000Z' },
              { id: '8', name: 'Sam Student', read_at: null },
            ],
          }),
        },
      },
    });
    const { user } = renderWithProviders(<SentMessages zone={ZONE} />, {
      preloadedState: teacher,
    });
    const table = await screen.findByRole('table', { name: 'Messages you sent' });
    // The table may be drawn before its rows arrive.
    await within(table).findByText('Bring an apron');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Bring an apron');
    expect(rows[1]).toHaveTextContent('Comics Drawing · Saturdays');
    expect(rows[1]).toHaveTextContent('3 of 5 read');
    expect(rows[2]).toHaveTextContent('2 families');
    expect(rows[2]).toHaveTextContent('0 of 2 read');

    await user.click(screen.getByRole('button', { name: 'Read receipts of Bring an apron' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bring an apron' });
    const recipients = await within(dialog).findAllByTestId('message-recipient');
    expect(recipients[0]).toHaveTextContent('Pat Parent');
    expect(recipients[0]).toHaveTextContent('Read Jan 3, 2030, 9:30 AM');
    expect(recipients[1]).toHaveTextContent('Sam Student');
    expect(recipients[1]).toHaveTextContent('Not read yet');
  });
});

describe('Received messages on /classes', { timeout: 30_000 }, () => {
  it('marks unread ones; opening one shows it and refreshes the list', async () => {
    let read = false;
    server = fakeApi({
      'GET /api/v1/messages/received': () => ({
        data: {
          data: [
            messageResource('9', {
              recipient_count: null,
              read_count: null,
              read_at: read ? '2030-01-03T14:30:00.000Z' : null,
            }),
          ],
          meta: meta(1),
        },
      }),
      'GET /api/v1/messages/9': () => {
        read = true;
        return {
          data: {
            data: messageResource('9', {
              recipient_count: null,
              read_count: null,
              read_at: '2030-01-03T14:30:00.000Z',
            }),
          },
        };
      },
    });
    const { user } = renderWithProviders(<ReceivedMessages zone={ZONE} />, {
      preloadedState: family,
      route: '/classes',
    });
    const item = await screen.findByTestId('received-message');
    expect(item).toHaveAttribute('data-unread', 'true');
    expect(item).toHaveTextContent('New');
    expect(item).toHaveTextContent('From Theo Teacher · About Comics Drawing');
    await user.click(item);
    const dialog = await screen.findByRole('dialog', { name: 'Bring an apron' });
    expect(await within(dialog).findByText(/We paint on Saturday/)).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('received-message')).toHaveAttribute('data-unread', 'false'),
    );
  });

  it('reads the notification that led to a message once the message is opened, badge included', async () => {
    server = fakeApi({
      'GET /api/v1/messages/received': { data: { data: [], meta: meta(0) } },
      'GET /api/v1/messages/9': {
        data: { data: messageResource('9', { recipient_count: null, read_count: null }) },
      },
      // The server read the notice with the message: one unread left, about something else.
      'GET /api/v1/notifications/unread_count': { data: { data: 1 } },
    });
    // The list keeps newest first: the message's notice is the newer one.
    const notice = buildNotification({
      id: '31',
      created_at: '2024-03-15T12:05:00.000Z',
      record: { id: '9', type: 'messages' },
    });
    const other = buildNotification({ id: '32', record: { id: '7', type: 'comments' } });
    const store = makeStore(family);
    putNotifications(store, [notice, other], 2);
    renderWithProviders(<ReceivedMessages zone={ZONE} />, {
      store,
      route: '/classes?message=9',
    });
    expect(await screen.findByRole('dialog', { name: 'Bring an apron' })).toBeVisible();
    await waitFor(() => expect(selectUnreadCount(store.getState())).toBe(1));
    expect(selectNotifications(store.getState()).map((n) => [n.id, n.read])).toEqual([
      ['31', true],
      ['32', false],
    ]);
  });

  it('opens the message a link names (?message=), as the notification and the e-mail do', async () => {
    server = fakeApi({
      'GET /api/v1/messages/received': { data: { data: [], meta: meta(0) } },
      'GET /api/v1/messages/9': {
        data: { data: messageResource('9', { recipient_count: null, read_count: null }) },
      },
    });
    renderWithProviders(<ReceivedMessages zone={ZONE} />, {
      preloadedState: family,
      route: '/classes?message=9',
    });
    expect(await screen.findByRole('dialog', { name: 'Bring an apron' })).toBeVisible();
    expect(server.requests.some((r) => r.url === '/api/v1/messages/9')).toBe(true);
  });

  it('says so when there are none', async () => {
    server = fakeApi({
      'GET /api/v1/messages/received': { data: { data: [], meta: meta(0) } },
    });
    renderWithProviders(<ReceivedMessages zone={ZONE} />, { preloadedState: family });
    expect(await screen.findByText('No messages yet.')).toBeVisible();
  });
});
