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
