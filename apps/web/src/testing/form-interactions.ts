import type { UserEvent } from '@testing-library/user-event';

/**
 * Test-only: replaces a field's text in one input event (typing key by key through MUI in jsdom
 * costs ~50 ms a character on this machine, which is not what these tests are about).
 */
export async function fill(user: UserEvent, input: HTMLElement, text: string): Promise<void> {
  await user.clear(input);
  if (text !== '') await user.paste(text);
}

/** Test-only: the text of the message an input points at with aria-describedby. */
export function helperOf(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** Component tests render MUI forms in jsdom on a shared 2-core machine: allow them time. */
export const UI_TEST_TIMEOUT_MS = 20_000;

/** Test-only: the multipart form a fake request carried (fails the test when it is not one). */
export function sentForm(request: { body: unknown } | undefined): FormData {
  if (!(request?.body instanceof FormData)) throw new Error('the request carried no FormData');
  return request.body;
}
