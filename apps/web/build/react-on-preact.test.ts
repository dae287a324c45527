import { describe, expect, it } from 'vitest';
import { useOptimistic } from './react-on-preact';

describe('react on preact', () => {
  it('useOptimistic passes the state through, as react-router expects without transitions', () => {
    const state = { location: '/login' };
    const [optimistic, set] = useOptimistic(state);
    expect(optimistic).toBe(state);
    expect(set('ignored')).toBeUndefined();
  });
});
