import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HydrateLater, hydrateInSteps } from './hydration-steps';

// The web's tests run on React, the build on preact: here `hydrate` is a synchronous first render,
// which suspends the parts left for later as preact's hydration does. Part names differ from test
// to test: a part's turn is kept for the page's life.

let container: HTMLElement | undefined;

function renderNow(ui: ReactNode) {
  container = render(ui).container;
}

const nextTasks = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

const settled = (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  return () => done;
};

describe('hydrateInSteps', () => {
  it('runs the step callback after the first render and as each part is committed, then resolves', async () => {
    const step = vi.fn();
    const seenAtStep: string[] = [];
    step.mockImplementation(() => seenAtStep.push(container?.textContent ?? ''));
    const done = hydrateInSteps(
      () =>
        renderNow(
          <>
            <p>first</p>
            <HydrateLater part="steps-a">
              <p>a</p>
            </HydrateLater>
            <HydrateLater part="steps-b">
              <p>b</p>
            </HydrateLater>
          </>,
        ),
      step,
    );
    const isDone = settled(done);
    expect(seenAtStep).toEqual(['first']);
    await nextTasks();
    await done;
    expect(isDone()).toBe(true);
    // Once after the first render, then once per part, each seeing that part on the page.
    expect(seenAtStep).toHaveLength(3);
    expect(seenAtStep.at(-1)).toBe('firstab');
  });

  it('resolves when a part left for later is removed before its turn', async () => {
    const step = vi.fn();
    let rerender: (ui: ReactNode) => void = () => undefined;
    const done = hydrateInSteps(() => {
      rerender = render(
        <HydrateLater part="steps-removed">
          <p>later</p>
        </HydrateLater>,
      ).rerender;
    }, step);
    const isDone = settled(done);
    rerender(<p>something else</p>);
    await nextTasks();
    expect(isDone()).toBe(true);
    // Only the first render's step: the removed part was never taken over.
    expect(step).toHaveBeenCalledTimes(1);
  });

  it('renders a part at once when nothing is being hydrated', () => {
    renderNow(
      <HydrateLater part="steps-plain">
        <p>plain</p>
      </HydrateLater>,
    );
    expect(container?.textContent).toBe('plain');
  });
});
