import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setScreenWidth } from '../../testing/render-app';
import { renderWithProviders } from '../../testing/render-with-providers';
import { ResponsiveTable, type TableColumn } from './responsive-table';

type Order = { id: string; number: string; status: string; total: string };

const columns: TableColumn<Order>[] = [
  { key: 'number', header: 'Order', render: (o) => o.number },
  { key: 'status', header: 'Status', render: (o) => o.status },
  { key: 'total', header: 'Total', render: (o) => o.total, align: 'right' },
];
const rows: Order[] = [
  { id: '1', number: '#1', status: 'Paid', total: '$760.00' },
  { id: '2', number: '#2', status: 'Waiting for payment', total: '$380.00' },
];

function orders() {
  return (
    <ResponsiveTable<Order>
      label="Orders"
      columns={columns}
      rows={rows}
      rowKey={(o) => o.id}
      rowData={(o) => ({ 'data-testid': `order-${o.id}` })}
      actions={{ header: 'Actions', render: (o) => <button type="button">View {o.number}</button> }}
      placeholder="No orders yet."
    />
  );
}

describe('ResponsiveTable', () => {
  afterEach(() => setScreenWidth(1280));

  it('is a table with a header row on a wide screen', () => {
    setScreenWidth(1280);
    renderWithProviders(orders());
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    expect(
      within(screen.getByTestId('order-2')).getByRole('cell', { name: '$380.00' }),
    ).toHaveAttribute('data-column', 'total');
  });

  it('turns each row into a card of labelled fields on a phone, every column in it', () => {
    setScreenWidth(390);
    renderWithProviders(orders());
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Orders' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const second = screen.getByTestId('order-2');
    expect(cards[1]).toBe(second);
    // Each field is the column's header beside the row's value (a description list).
    for (const [header, value] of [
      ['Order', '#2'],
      ['Status', 'Waiting for payment'],
      ['Total', '$380.00'],
    ]) {
      const term = within(second).getByText(header);
      expect(term.tagName).toBe('DT');
      expect(term.nextElementSibling).toHaveTextContent(value as string);
    }
    expect(second.querySelector('[data-column="status"]')).toHaveTextContent('Waiting for payment');
    expect(within(second).getByRole('button', { name: 'View #2' })).toBeInTheDocument();
  });

  it('shows the placeholder in place of the cards when there are no rows', () => {
    setScreenWidth(390);
    renderWithProviders(
      <ResponsiveTable<Order>
        label="Orders"
        columns={columns}
        rows={[]}
        rowKey={(o) => o.id}
        placeholder="No orders yet."
      />,
    );
    expect(
      within(screen.getByRole('list', { name: 'Orders' })).getByRole('listitem'),
    ).toHaveTextContent('No orders yet.');
  });
});
