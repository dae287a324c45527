import { type ReactNode, Suspense, useLayoutEffect } from 'react';

// The prerendered first screen is taken over in steps, each a task of its own, so that no single
// task blocks input for the whole hydration (docs/decisions/083-first-screen-taken-over-in-steps.md).

let hydrating = false;
const turns = new Map<string, Promise<void>>();
let lastTurn: Promise<void> = Promise.resolve();
/** Parts left for later and not taken over yet. */
const waiting = new Set<string>();
/** What the caller of `hydrateInSteps` runs after each step, and once all are done. */
let afterStep: (() => void) | undefined;
let allTakenOver: (() => void) | undefined;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs `hydrate` (synchronous on preact) with the parts under `HydrateLater` left for later, and
 * `afterEachStep` once it returns and as each part is committed, before anything can render that
 * part again; resolves once no part is left (taken over, or removed before its turn).
 */
export function hydrateInSteps(hydrate: () => void, afterEachStep: () => void): Promise<void> {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
  afterEachStep();
  if (waiting.size === 0) return Promise.resolve();
  afterStep = afterEachStep;
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

/** The part no longer waits: taken over (`stepTaken`) or gone before its turn. */
function partDone(part: string, stepTaken: boolean): void {
  if (!waiting.delete(part)) return;
  if (stepTaken) afterStep?.();
  if (waiting.size > 0) return;
  afterStep = undefined;
  allTakenOver?.();
  allTakenOver = undefined;
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
  useLayoutEffect(() => partDone(part, true), [part]);
  return null;
}

/** Renders nothing; says when its part is removed, which may be before its turn came. */
function RemovedWith({ part }: { part: string }) {
  useLayoutEffect(() => () => partDone(part, false), [part]);
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
    <>
      <RemovedWith part={part} />
      <Suspense fallback={null}>
        <WaitForTurn part={part}>{children}</WaitForTurn>
      </Suspense>
    </>
  );
}
