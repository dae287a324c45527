import { describe, expect, it } from 'vitest';
import { alternateRounds } from './load';

describe('alternateRounds', () => {
  it('runs both sides each round, swapping which goes first every other round', async () => {
    const calls: string[] = [];
    await alternateRounds(
      3,
      async () => {
        calls.push('a');
      },
      async () => {
        calls.push('b');
      },
    );
    expect(calls).toEqual(['a', 'b', 'b', 'a', 'a', 'b']);
  });
});
