import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { makeStore, renderWithProviders } from '../../../testing/render-with-providers';
import { BalanceDue } from './balance-due';
import { ManageBilling } from './manage-billing';
import { MonthlyEnrollments } from './monthly-enrollments';
import { SavedCards } from './saved-cards';

configure({ asyncUtilTimeout: 5000 });

// Saved cards, monthly enrollments, the balance due and billing runs
// (docs/decisions/075-monthly-tuition-and-billing-runs.md) against a fake API.

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const family = () => makeStore({ session: { status: 'loaded', user: buildUser() } });
const admin = () =>
  makeStore({ session: { status: 'loaded', user: buildUser({ role: 'admin' }) } });

const card = {
  id: '3',
  brand: 'visa',
  last4: '4242',
  exp_month: 4,
  exp_year: 2031,
  default: true,
  created_at: '2026-11-02T15:00:00.000Z',
};

describe('saved cards', { timeout: 30_000 }, () => {
  it('lists the family’s cards and saves one through the fake card form', async () => {
    const cards = [card];
    server = fakeApi({
      'GET /api/v2/account/payment_methods': () => ({ data: { data: cards } }),
      'POST /api/v2/account/payment_methods': (request) => {
        const body = request.body as { setup_intent_id?: string };
        if (!body.setup_intent_id) {
          return {
            data: {
              setup: {
                provider: 'fake',
                setup_intent_id: 'seti_fake_1',
                client_secret: 'seti_fake_1_secret_x',
                publishable_key: null,
              },
            },
          };
        }
        const saved = { ...card, id: '4', last4: '0341', default: false };
        cards.push(saved);
        return { status: 201, data: { data: saved } };
      },
      'POST /api/v2/fake_payments/setup/seti_fake_1/confirm': {
        data: { status: 'succeeded', error: null },
      },
    });
    const { user } = renderWithProviders(<SavedCards />, { store: family() });
    const region = await screen.findByRole('region', { name: 'Saved cards' });
    expect(await within(region).findByText('visa •••• 4242')).toBeInTheDocument();
    expect(within(region).getByText('Default')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Add a card' }));
    await user.type(await screen.findByLabelText(/Card number/), '4000 0000 0000 0341');
    await user.type(screen.getByLabelText(/Expiry/), '12 / 34');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await within(region).findByText('visa •••• 0341')).toBeInTheDocument();
    const confirm = server.requests.find((r) => r.url?.includes('/setup/'));
    expect(confirm?.body).toMatchObject({
      card_number: '4000000000000341',
      client_secret: 'seti_fake_1_secret_x',
    });
    const finish = server.requests.filter((r) => r.method === 'POST' && r.url?.endsWith('methods'));
    expect(finish.at(-1)?.body).toEqual({ setup_intent_id: 'seti_fake_1' });
  });
});

describe('monthly enrollments', { timeout: 30_000 }, () => {
  it('shows each with its autopay card and next charge, and ends one', async () => {
    let status = 'active';
    server = fakeApi({
      'GET /api/v2/account/monthly_enrollments': () => ({
        data: {
          data: [
            {
              id: '8',
              child_name: 'Mia',
              programme: 'Comics',
              schedule_name: 'Saturdays',
              monthly_price: 12_000,
              currency: 'USD',
              status,
              last_period: status === 'active' ? '2030-03' : '2030-01',
              payment_method: { id: '3', brand: 'visa', last4: '4242' },
              next_charge: status === 'active' ? { period: '2030-02', amount: 12_000 } : null,
            },
          ],
        },
      }),
      'DELETE /api/v2/account/monthly_enrollments/8': () => {
        status = 'ending';
        return { data: { data: [] } };
      },
    });
    const { user } = renderWithProviders(<MonthlyEnrollments />, { store: family() });
    const row = await screen.findByTestId('monthly-enrollment');
    expect(row).toHaveTextContent('Autopay: visa •••• 4242');
    expect(row).toHaveTextContent('Next charge: 2030-02, $120.00');
    await user.click(
      within(row).getByRole('button', { name: 'End the monthly enrollment of Mia in Comics' }),
    );
    await user.click(await screen.findByRole('button', { name: 'End' }));
    await waitFor(() =>
      expect(screen.getByTestId('monthly-enrollment')).toHaveTextContent(
        'Last month billed: 2030-01',
      ),
    );
  });
});

describe('balance due', { timeout: 30_000 }, () => {
  it('shows what is owed and hands the balance payment to the card form', async () => {
    server = fakeApi({
      'GET /api/v2/account/balance': { data: { data: { due: 12_000, currency: 'USD' } } },
      'POST /api/v2/account/balance': {
        status: 201,
        data: {
          data: {
            id: '5',
            amount: 12_000,
            currency: 'USD',
            payment: {
              provider: 'fake',
              client_secret: 'pi_fake_9_secret_y',
              publishable_key: null,
              intent_id: 'pi_fake_9',
            },
          },
        },
      },
    });
    const seen: { secret: string; amount: string }[] = [];
    const { user } = renderWithProviders(
      <BalanceDue
        cardForm={(props) => {
          seen.push({ secret: props.payment.client_secret, amount: props.amount });
          return (
            <button type="button" onClick={props.onSucceeded}>
              card form
            </button>
          );
        }}
      />,
      { store: family() },
    );
    expect(await screen.findByTestId('balance-due-amount')).toHaveTextContent(
      'You owe $120.00 for monthly tuition.',
    );
    await user.click(screen.getByRole('button', { name: 'Pay balance' }));
    await user.click(await screen.findByRole('button', { name: 'card form' }));
    expect(seen.at(-1)).toEqual({ secret: 'pi_fake_9_secret_y', amount: '$120.00' });
    expect(await screen.findByTestId('balance-paid')).toBeInTheDocument();
  });
});

describe('billing runs', { timeout: 30_000 }, () => {
  it('previews and runs a month, showing per family what was charged', async () => {
    server = fakeApi({
      'POST /api/v2/admin/billing_runs': (request) => {
        const body = request.body as { period: string; dry_run: boolean };
        return {
          data: {
            data: {
              period: body.period,
              dry_run: body.dry_run,
              currency: 'USD',
              total: 12_000,
              families: [
                {
                  user_id: '7',
                  name: 'Kato family',
                  amount: 12_000,
                  lines: [
                    {
                      monthly_enrollment_id: '8',
                      child_name: 'Mia',
                      schedule_name: 'Saturdays',
                      amount: 12_000,
                      autopay: true,
                    },
                  ],
                },
              ],
            },
          },
        };
      },
    });
    const { user } = renderWithProviders(<ManageBilling />, { store: admin() });
    const month = screen.getByLabelText('Month');
    await user.clear(month);
    await user.type(month, '2030-02');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByTestId('billing-result')).toHaveTextContent(
      'Preview of 2030-02: $120.00 for 1 families. Nothing was charged.',
    );
    await user.click(screen.getByRole('button', { name: 'Run billing' }));
    await waitFor(() =>
      expect(screen.getByTestId('billing-result')).toHaveTextContent('2030-02 billed'),
    );
    expect(screen.getAllByText('Mia, Saturdays: $120.00 (autopay)').length).toBeGreaterThan(0);
    const bodies = server.requests.map((r) => r.body);
    expect(bodies).toEqual([
      { period: '2030-02', dry_run: true },
      { period: '2030-02', dry_run: false },
    ]);
  });
});
