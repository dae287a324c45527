import { type LedgerEntry, resource } from '@atelier/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { invalid } from '../../../testing/error-replies';
import { type FakeApi, type FakeRequest, fakeApi } from '../../../testing/fake-api';
import { makeStore, renderWithProviders } from '../../../testing/render-with-providers';
import { CustomerLedger } from './customer-ledger';
import { FamilyLedger } from './family-ledger';

configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const entry = (id: string, fields: Partial<LedgerEntry>) => {
  const {
    id: _id,
    type: _type,
    ...attributes
  } = {
    kind: 'charge' as const,
    amount: 9000,
    currency: 'usd',
    method: null,
    description: '',
    order_id: null,
    order_item_id: null,
    payment_id: null,
    refund_id: null,
    billing_period: null,
    created_by: null,
    created_at: '2026-11-02T15:00:00.000Z',
    ...fields,
  } as LedgerEntry;
  return resource('ledger_entries', id, attributes);
};

const page = (
  entries: ReturnType<typeof entry>[],
  meta: { total: number; balance: number; page?: number },
) => ({
  data: { data: entries, meta: { page: 1, per_page: 20, currency: 'usd', ...meta } },
});

describe('a family’s ledger', { timeout: 30_000 }, () => {
  it('shows the balance and each entry with its kind, method, order and signed amount, newest first', async () => {
    server = fakeApi({
      'GET /api/v2/account/ledger': page(
        [
          entry('3', { kind: 'refund', amount: 1500, method: 'card', order_id: '31' }),
          entry('2', { kind: 'credit', amount: -1500, order_id: '31', description: 'Moved away' }),
          entry('1', { kind: 'payment', amount: -9000, method: 'card', order_id: '31' }),
        ],
        { total: 3, balance: 0 },
      ),
    });
    const store = makeStore({ session: { status: 'loaded', user: buildUser() } });
    renderWithProviders(<FamilyLedger />, { store });
    expect(await screen.findByTestId('family-ledger-balance')).toHaveTextContent(
      'Balance: nothing owed',
    );
    const table = screen.getByRole('table', { name: 'Ledger entries, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['refund', 'credit', 'payment']);
    expect(
      within(rows[0] as HTMLElement).getByText('Refund (card) · Order 31'),
    ).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('$15.00')).toBeInTheDocument();
    expect(
      within(rows[1] as HTMLElement).getByText('Credit · Order 31 · Moved away'),
    ).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('-$90.00')).toBeInTheDocument();
  });

  it('says what is owed or in credit, pages, and says when it could not load', async () => {
    const asked: unknown[] = [];
    server = fakeApi({
      'GET /api/v2/account/ledger': (request: FakeRequest) => {
        asked.push(request.params.page);
        return request.params.page === 2
          ? page([entry('1', { kind: 'charge', amount: 700, description: 'Materials fee' })], {
              total: 21,
              balance: -1800,
              page: 2,
            })
          : page(
              Array.from({ length: 20 }, (_, i) =>
                entry(String(i + 2), {
                  kind: 'credit',
                  amount: -125,
                  description: `Goodwill ${i}`,
                }),
              ),
              { total: 21, balance: -1800 },
            );
      },
    });
    const store = makeStore({ session: { status: 'loaded', user: buildUser() } });
    const { user } = renderWithProviders(<FamilyLedger />, { store });
    expect(await screen.findByTestId('family-ledger-balance')).toHaveTextContent(
      'Balance: $18.00 in credit',
    );
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Charge · Materials fee')).toBeInTheDocument();
    expect(asked).toEqual([1, 2]);
  });

  it('tells the family when the statement could not be loaded', async () => {
    server = fakeApi({ 'GET /api/v2/account/ledger': { status: 500, data: { errors: [] } } });
    const store = makeStore({ session: { status: 'loaded', user: buildUser() } });
    renderWithProviders(<FamilyLedger />, { store });
    expect(await screen.findByText('The statement could not be loaded.')).toBeInTheDocument();
  });

  it('downloads the statement of the year picked as a PDF, next to the statement', async () => {
    const saved: string[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:statement'),
      revokeObjectURL: vi.fn(),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    server = fakeApi({
      'GET /api/v2/account/ledger': page([], { total: 0, balance: 0 }),
      'GET /api/v2/account/statement.pdf': { data: new Blob(['%PDF-1.3']) },
    });
    const store = makeStore({ session: { status: 'loaded', user: buildUser() } });
    const { user } = renderWithProviders(<FamilyLedger />, { store });
    const year = new Date().getFullYear();
    await user.click(screen.getByRole('combobox', { name: 'Year' }));
    await user.click(await screen.findByRole('option', { name: String(year - 1) }));
    await user.click(
      screen.getByRole('button', { name: `Download the ${year - 1} statement (PDF)` }),
    );
    await waitFor(() => expect(saved).toEqual([`statement-${year - 1}.pdf`]));
    const asked = server.requests.find((r) => r.url === '/api/v2/account/statement.pdf');
    expect(asked?.params).toEqual({ year: year - 1 });
    click.mockRestore();
  });
});

describe('a customer’s ledger for staff', { timeout: 30_000 }, () => {
  it('adds a credit with its reason in cents, then shows the statement again', async () => {
    let balance = 0;
    const posted: unknown[] = [];
    server = fakeApi({
      'GET /api/v2/admin/customers/7/ledger': () =>
        page(
          balance === 0
            ? []
            : [entry('9', { kind: 'credit', amount: balance, description: 'Goodwill' })],
          { total: balance === 0 ? 0 : 1, balance },
        ),
      'POST /api/v2/admin/customers/7/ledger': (request: FakeRequest) => {
        posted.push(request.body);
        balance = -2550;
        return {
          status: 201,
          data: {
            data: entry('9', { kind: 'credit', amount: -2550, description: 'Goodwill' }),
            meta: { balance: -2550, currency: 'usd' },
          },
        };
      },
    });
    const store = makeStore({ session: { status: 'loaded', user: buildUser({ role: 'admin' }) } });
    const { user } = renderWithProviders(<CustomerLedger customerId="7" />, { store });
    expect(await screen.findByText('Nothing has been charged or paid yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a credit or a charge' });
    await user.type(within(form).getByRole('textbox', { name: 'Amount' }), '25.50');
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Goodwill');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(posted).toEqual([{ kind: 'credit', amount: 2550, reason: 'Goodwill' }]),
    );
    expect(await screen.findByTestId('customer-ledger-balance')).toHaveTextContent(
      'Balance: $25.50 in credit',
    );
    expect(screen.getByText('Credit · Goodwill')).toBeInTheDocument();
  });

  it('shows the server’s field message beside the field and sends nothing without a reason', async () => {
    const posted: unknown[] = [];
    server = fakeApi({
      'GET /api/v2/admin/customers/7/ledger': page([], { total: 0, balance: 0 }),
      'POST /api/v2/admin/customers/7/ledger': (request: FakeRequest) => {
        posted.push(request.body);
        return invalid({ amount: 'Must be at most 10000000' });
      },
    });
    const store = makeStore({ session: { status: 'loaded', user: buildUser({ role: 'admin' }) } });
    const { user } = renderWithProviders(<CustomerLedger customerId="7" />, { store });
    const form = await screen.findByRole('form', { name: 'Add a credit or a charge' });
    await user.type(within(form).getByRole('textbox', { name: 'Amount' }), '50');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(posted).toEqual([]);
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Too much');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(await within(form).findByText('Must be at most 10000000')).toBeInTheDocument();
    expect(posted).toHaveLength(1);
  });
});
