/**
 * The `translations` of a body from the Japanese fields as typed: blank ones left out. The admin
 * writes translations as a whole, so a field emptied here clears its translation and readers get
 * the English (docs/architecture.md#translated-content).
 */
export function japaneseTranslations<K extends string>(
  typed: Record<K, string>,
): { ja?: Partial<Record<K, string>> } {
  const ja: Partial<Record<K, string>> = {};
  for (const [field, text] of Object.entries(typed) as [K, string][]) {
    if (text.trim()) ja[field] = text.trim();
  }
  return Object.keys(ja).length > 0 ? { ja } : {};
}
