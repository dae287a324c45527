import { useState } from 'react';

/**
 * True from the first render where `flag` is true, and for good afterwards. Lazily loaded parts of
 * the shell (drawer, snackbar, overlay) mount the first time they are needed, then stay mounted so
 * their closing transitions still run.
 */
export function useLatched(flag: boolean): boolean {
  const [latched, setLatched] = useState(flag);
  if (flag && !latched) setLatched(true);
  return latched || flag;
}
