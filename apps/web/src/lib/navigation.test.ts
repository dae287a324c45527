import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate, setNavigator } from './navigation';

afterEach(() => setNavigator(null));

describe('navigation', () => {
  it('goes through the installed navigator with its options', () => {
    const navigator = vi.fn();
    setNavigator(navigator);
    navigate('/login');
    navigate('/', { reload: true });
    expect(navigator.mock.calls).toEqual([
      ['/login', undefined],
      ['/', { reload: true }],
    ]);
  });

  it('falls back to the browser once the navigator is removed', () => {
    const navigator = vi.fn();
    setNavigator(navigator);
    setNavigator(null);
    // jsdom does not implement navigation; it reports it instead of moving.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    navigate('/login');
    expect(navigator).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
