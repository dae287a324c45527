/**
 * HTML built from template literals, escaped by default: every interpolated value is text unless it
 * is already `SafeHtml` (another `html` template, or `raw()` for markup we produced ourselves). A
 * programme named `<script>` therefore reaches the page as the characters, never as a tag.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Marks markup as safe: only for strings this module built itself, never for user content. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** Interpolation rules: nothing for null, undefined and false; arrays joined; the rest escaped. */
function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** The tagged template: `html\`<p>${name}</p>\`` escapes `name`. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) {
    out += render(values[i]) + (strings[i + 1] ?? '');
  }
  return new SafeHtml(out);
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<` is written as `\u003c` so no value
 * can close the element (`</script>`) or open a comment.
 */
export function jsonForScript(value: unknown): SafeHtml {
  return new SafeHtml(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
}
