/*
 * What `react` resolves to in the production build (docs/decisions/015): preact/compat, plus the
 * React 19 hook it lacks. react-router's RouterProvider reads `useOptimistic` through a feature
 * check and, without it, keeps the state as it is; its setter only matters with the router's
 * `useTransitions` option, which the app does not turn on. Giving it that same pass-through here
 * makes the build rely on nothing that is undefined (the build fails on an undefined import).
 */
// @ts-expect-error preact/compat's type declarations use `export =`, which `export *` cannot
// re-export; the ES module the build resolves it to has the named exports this needs.
export * from 'preact/compat';
export { default } from 'preact/compat';

const keep = (): void => undefined;

/** React's `useOptimistic` without transitions: the optimistic state is the state. */
export function useOptimistic<S>(state: S): [S, (action: unknown) => void] {
  return [state, keep];
}
