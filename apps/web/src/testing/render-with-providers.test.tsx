import Button from '@mui/material/Button';
import { screen } from '@testing-library/react';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { drawerToggled, initialShellState, selectDrawerOpen } from '../app/shell/shell-slice';
import { useAppDispatch, useAppSelector } from '../lib/store-hooks';
import { renderWithProviders } from './render-with-providers';

function DrawerButton() {
  const open = useAppSelector(selectDrawerOpen);
  const dispatch = useAppDispatch();
  return (
    <button type="button" onClick={() => dispatch(drawerToggled())}>
      {open ? 'open' : 'closed'}
    </button>
  );
}

function CartId() {
  const { id } = useParams();
  return <p>cart {id}</p>;
}

describe('renderWithProviders', () => {
  it('renders against a store made from the preloaded state, and returns it', async () => {
    const { store, user } = renderWithProviders(<DrawerButton />, {
      preloadedState: { shell: { ...initialShellState, drawerOpen: true } },
    });
    expect(screen.getByRole('button')).toHaveTextContent('open');
    await user.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('closed');
    expect(store.getState().shell.drawerOpen).toBe(false);
  });

  it('starts the router at the given route and passes route params', () => {
    renderWithProviders(<CartId />, { route: '/cart/42', path: '/cart/:id' });
    expect(screen.getByText('cart 42')).toBeInTheDocument();
  });

  // Files share one document per worker: styles left behind would slow every later
  // getComputedStyle (testing/test-styles.tsx).
  const testStyles = () => document.head.querySelectorAll('style[data-emotion^="test"]');

  it('inserts the styles of what it renders', () => {
    renderWithProviders(<Button>Styled</Button>);
    expect(testStyles().length).toBeGreaterThan(0);
  });

  it('starts each test without the styles an earlier test inserted, and inserts them again', () => {
    expect(testStyles()).toHaveLength(0);
    renderWithProviders(<Button>Styled again</Button>);
    const button = screen.getByRole('button', { name: 'Styled again' });
    expect(getComputedStyle(button).cursor).toBe('pointer');
  });
});
