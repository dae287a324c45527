/**
 * docs/product.md#data-the-client-sees: the first letter of the name's first and last words ("Ada King Lovelace" → "AL"),
 * one letter for a one-word name, and '' when there is no name (the avatar then shows a person icon).
 */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  // Array.from splits by code point, so a name starting with an emoji or a surrogate pair stays whole.
  const letter = (word: string) => (Array.from(word)[0] ?? '').toLocaleUpperCase();
  return letter(first) + (last ? letter(last) : '');
}
