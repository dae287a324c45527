// How a student is named outside their family and the staff (docs/architecture.md#gallery-privacy,
// decision 037): first name and the initial of the last name, so a child is recognisable to
// classmates but not findable by full name.

/**
 * "Mia Kato" → "Mia K.", "Mia Anne Kato" → "Mia K.", a single name stays as it is; runs of spaces
 * (ASCII or the ideographic space U+3000 Japanese keyboards type) count as one. The initial is
 * the first whole character (code point) of the last word, so "山田 花子" → "山田 花." and an emoji
 * or a surrogate pair is never cut in half.
 */
export function publicStudentName(fullName: string): string {
  const words = fullName
    .trim()
    .split(/[\s\u3000]+/u)
    .filter(Boolean);
  const first = words[0];
  if (first === undefined) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  if (last === undefined) return first;
  const initial = Array.from(last)[0] ?? '';
  return `${first} ${initial.toLocaleUpperCase()}.`;
}
