import { useEffect } from 'react';

/** The key that opens the search dialog from anywhere (docs/product.md#search). */
export const SEARCH_SHORTCUT = '/';

/**
 * Whether a key pressed on `target` is someone typing: in a field, an editable region, or inside
 * an open dialog (the search would open over it and steal its focus).
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return (
    target.closest(
      'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="textbox"], [role="combobox"], [role="dialog"]',
    ) !== null
  );
}

/** Calls `open` when `/` is pressed outside a field, unmodified, and not taken by someone else. */
export function useSearchShortcut(open: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== SEARCH_SHORTCUT || event.defaultPrevented || event.isComposing) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      // Firefox would start its quick find on `/`.
      event.preventDefault();
      open();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
}

/**
 * While `active` (the dialog asked for and its code still on its way), keeps the keys typed on the
 * page for the dialog's field: they would otherwise be lost, and "/" then a word at once is how the
 * shortcut is used. Printable keys are added, Backspace takes one back.
 */
export function useTypeAhead(
  active: boolean,
  onTyped: (update: (typed: string) => string) => void,
) {
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === 'Backspace') onTyped((typed) => typed.slice(0, -1));
      else if (event.key.length === 1) onTyped((typed) => typed + event.key);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active, onTyped]);
}
