import { configure, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setScreenWidth } from '../../testing/render-app';
import { renderWithProviders } from '../../testing/render-with-providers';
import { type AdminColumn, AdminTable, type AdminTableProps } from './admin-table';
import { usePageParam } from './use-page-param';

// Two cores shared by many test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

type Fruit = { id: string; name: string; price: number };

const fruit = (id: string, name: string): Fruit => ({ id, name, price: Number(id) * 100 });
const columns: AdminColumn<Fruit>[] = [
  { key: 'name', header: 'Name', render: (f) => f.name },
  { key: 'price', header: 'Price', render: (f) => f.price, align: 'right' },
];

function table(props: Partial<AdminTableProps<Fruit>> = {}) {
  return (
    <AdminTable<Fruit>
      label="Fruits"
      columns={columns}
      rows={[fruit('1', 'Apple'), fruit('2', 'Pear')]}
      rowKey={(f) => f.id}
      rowName={(f) => f.name}
      emptyText="No fruit yet."
      {...props}
    />
  );
}

const pages: Record<number, Fruit[]> = {
  1: [fruit('1', 'Apple')],
  2: [fruit('2', 'Pear')],
  3: [fruit('3', 'Plum')],
};

/** A screen as the kit expects one: the page comes from the URL, the rows from "the server". */
function PagedFruits() {
  const [page, setPage] = usePageParam();
  const { search } = useLocation();
  return (
    <>
      {table({
        rows: pages[page] ?? [],
        paging: { kind: 'pages', page, pageCount: 3, onPageChange: setPage },
      })}
      <output data-testid="query">{search}</output>
    </>
  );
}

/** A screen whose "server" knows no fruit by the searched name; `asked` collects the terms. */
function SearchedFruits({ asked }: { asked: string[] }) {
  const [term, setTerm] = useState('');
  return table({
    rows: term ? [] : [fruit('1', 'Apple')],
    search: {
      label: 'Search fruit',
      onSearch: (next) => {
        asked.push(next);
        setTerm(next);
      },
    },
    noMatchText: 'No fruit matches.',
  });
}

describe('AdminTable', { timeout: 20_000 }, () => {
  it('names the table and each row action after its row, and calls back with the row', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const { user } = renderWithProviders(table({ onEdit, onDelete }));
    expect(screen.getByRole('table', { name: 'Fruits' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Pear' }));
    expect(onEdit).toHaveBeenCalledWith(fruit('2', 'Pear'));
    await user.click(screen.getByRole('button', { name: 'Delete Apple' }));
    expect(onDelete).toHaveBeenCalledWith(fruit('1', 'Apple'));
  });

  it('scrolls sideways in its own container when wider than its screen, the actions pinned in view', () => {
    renderWithProviders(table({ onEdit: vi.fn(), onDelete: vi.fn() }));
    const scroller = screen.getByTestId('admin-table-scroll');
    expect(scroller).toContainElement(screen.getByRole('table', { name: 'Fruits' }));
    expect(scroller).toHaveStyle({ overflowX: 'auto' });
    const header = screen.getByRole('columnheader', { name: 'Actions' });
    const [actions] = screen.getAllByTestId('admin-table-actions');
    for (const cell of [header, actions]) {
      expect(cell).toHaveStyle({ position: 'sticky', right: '0px' });
    }
    expect(actions).toContainElement(screen.getByRole('button', { name: 'Edit Apple' }));
  });

  it('shows a card per row on a phone, its actions named after the row', async () => {
    setScreenWidth(390);
    try {
      const onEdit = vi.fn();
      const { user } = renderWithProviders(table({ onEdit }));
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const cards = within(screen.getByRole('list', { name: 'Fruits' })).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      expect(
        within(cards[1] as HTMLElement).getByText('Price').nextElementSibling,
      ).toHaveTextContent('200');
      await user.click(within(cards[1] as HTMLElement).getByRole('button', { name: 'Edit Pear' }));
      expect(onEdit).toHaveBeenCalledWith(fruit('2', 'Pear'));
    } finally {
      setScreenWidth(1280);
    }
  });

  it('writes the page into ?page= and reads it back from the URL', async () => {
    const { user } = renderWithProviders(<PagedFruits />, { route: '/fruits?page=2' });
    expect(screen.getByRole('cell', { name: 'Pear' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByTestId('query')).toHaveTextContent('?page=3');
    expect(screen.getByRole('cell', { name: 'Plum' })).toBeInTheDocument();
    // Page 1 is the bare URL.
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByTestId('query')).toBeEmptyDOMElement();
    expect(screen.getByRole('cell', { name: 'Apple' })).toBeInTheDocument();
  });

  it('reads a page that is not a whole number from 1 as page 1', () => {
    renderWithProviders(<PagedFruits />, { route: '/fruits?page=-4' });
    expect(screen.getByRole('cell', { name: 'Apple' })).toBeInTheDocument();
  });

  it('hands the trimmed search term over once typing pauses, then says nothing matches', async () => {
    const asked: string[] = [];
    renderWithProviders(<SearchedFruits asked={asked} />);
    const field = screen.getByRole('searchbox', { name: 'Search fruit' });
    fireEvent.change(field, { target: { value: ' fig' } });
    fireEvent.change(field, { target: { value: ' figs ' } });
    expect(asked).toEqual([]);
    expect(await screen.findByText('No fruit matches.')).toBeInTheDocument();
    expect(asked).toEqual(['figs']);
  });

  it('shows loading while there are no rows yet, then the empty message', () => {
    const { rerender } = renderWithProviders(table({ rows: [], loading: true }));
    expect(screen.getByRole('table', { name: 'Fruits' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('No fruit yet.')).not.toBeInTheDocument();
    rerender(table({ rows: [] }));
    expect(screen.getByText('No fruit yet.')).toBeInTheDocument();
  });

  it('grows by "Load more" and says how many of how many it shows', async () => {
    const onLoadMore = vi.fn();
    const { user, rerender } = renderWithProviders(
      table({ paging: { kind: 'more', shown: 2, total: 3, onLoadMore } }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(table({ paging: { kind: 'more', shown: 3, total: 3, onLoadMore: null } }));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('offers search and create in a toolbar, and shows a load failure', async () => {
    const onCreate = vi.fn();
    const { user } = renderWithProviders(
      table({ create: { label: 'New fruit', onClick: onCreate }, loadError: 'No fruit today.' }),
    );
    await user.click(screen.getByRole('button', { name: 'New fruit' }));
    expect(onCreate).toHaveBeenCalled();
    expect(screen.getByText('No fruit today.')).toBeInTheDocument();
  });
});
