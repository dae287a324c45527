import { type ReactNode, Suspense, useLayoutEffect } from 'react';

// The prerendered first screen is taken over in steps, each a task of its own, so that no single
// task blocks input for the whole hydration (docs/decisions/083-first-screen-taken-over-in-steps.md).

let hydrating = false;
const turns = new Map<string, Promise<void>>();
let lastTurn: Promise<void> = Promise.resolve();
/** Parts left for later and not taken over yet, and who waits for them all. */
const waiting = new Set<string>();
let allTakenOver: (() => void) | undefined;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs `hydrate` (synchronous on preact) with the parts under `HydrateLater` left for later;
 * resolves once the last of them has been taken over.
 */
export function hydrateInSteps(hydrate: () => void): Promise<void> {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
  if (waiting.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    allTakenOver = resolve;
  });
}

/** A part's turn: a task after the turn of the part rendered before it. */
function turnOf(part: string): Promise<void> {
  let turn = turns.get(part);
  if (!turn) {
    turn = lastTurn.then(nextTask);
    lastTurn = turn;
    turns.set(part, turn);
    waiting.add(part);
  }
  return turn;
}

function WaitForTurn({ part, children }: { part: string; children: ReactNode }) {
  // Suspending while hydrating: preact keeps the part's prerendered element untouched and
  // hydrates it once the promise resolves.
  if (hydrating) throw turnOf(part);
  return (
    <>
      <TakenOver part={part} />
      {children}
    </>
  );
}

/** Renders nothing; says when its part has been committed. */
function TakenOver({ part }: { part: string }) {
  useLayoutEffect(() => {
    if (!waiting.delete(part) || waiting.size > 0) return;
    allTakenOver?.();
    allTakenOver = undefined;
  }, [part]);
  return null;
}

/**
 * A part of the first screen taken over after the rest when the app hydrates a prerendered
 * screen, and rendered as it is otherwise. It must render one element (preact keeps one element of
 * a suspended part), and a lazy piece inside it needs a boundary of its own (the top bar's user
 * buttons have one), or this one would catch its loading and hide the whole part meanwhile.
 */
export function HydrateLater({ part, children }: { part: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WaitForTurn part={part}>{children}</WaitForTurn>
    </Suspense>
  );
}
