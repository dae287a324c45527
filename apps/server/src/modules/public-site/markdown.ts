import { escapeHtml, raw, type SafeHtml } from './html';

/**
 * The small Markdown the school's content files use (docs/product.md#public-site), turned into
 * HTML safely: every character of the file is escaped first, so raw HTML in a file shows as text
 * and cannot add a script; only the constructs below become markup, and a link may only lead to
 * http(s), mailto or a path of this site.
 *
 * Blocks: `#`–`###` headings, paragraphs, `-`/`*` and `1.` lists, `>` notes. Inline: `**bold**`,
 * `*italic*`, `` `code` ``, `[text](url)`. A front matter block (`---` lines around `key: value`)
 * gives the page's `title` and `description`.
 */

export type MarkdownDocument = {
  /** From front matter, else the first `#` heading. */
  title: string;
  /** From front matter, else the first paragraph's text. */
  description: string;
  html: SafeHtml;
};

const SAFE_URL = /^(https?:\/\/|mailto:|\/(?![/\\])|#)/i;

function inline(text: string): string {
  let out = escapeHtml(text);
  out = out.replace(/`([^`]+)`/g, '<code>$1</code>');
  out = out.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label: string, url: string) => {
    // The URL was escaped with the rest: undo only what a URL may legitimately hold.
    const href = url.replace(/&amp;/g, '&');
    return SAFE_URL.test(href) ? `<a href="${escapeHtml(href)}">${label}</a>` : whole;
  });
  out = out.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  out = out.replace(/(^|[^*\w])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>');
  return out;
}

/** Lines of one paragraph joined: with a space, except between two Japanese (CJK) characters. */
function joinLines(lines: string[]): string {
  return lines.reduce((all, line) =>
    /[\u3000-\u9fff\uff00-\uffef]$/.test(all) && /^[\u3000-\u9fff\uff00-\uffef]/.test(line)
      ? `${all}${line}`
      : `${all} ${line}`,
  );
}

function plain(text: string): string {
  return text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[*`]/g, '')
    .trim();
}

/** Renders `source`; `{school}` and `{email}` stand for the school's name and contact address. */
export function renderMarkdown(
  source: string,
  vars: Record<string, string> = {},
): MarkdownDocument {
  let text = source.replace(/\r\n?/g, '\n');
  for (const [key, value] of Object.entries(vars)) text = text.split(`{${key}}`).join(value);

  const meta: Record<string, string> = {};
  const front = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (front) {
    for (const line of (front[1] ?? '').split('\n')) {
      const match = /^(\w+):\s*(.*)$/.exec(line.trim());
      if (match?.[1]) meta[match[1]] = match[2] ?? '';
    }
    text = text.slice(front[0].length);
  }

  const out: string[] = [];
  let title = meta.title ?? '';
  let description = meta.description ?? '';
  let paragraph: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | null = null;
  let quote: string[] = [];

  const flush = () => {
    if (paragraph.length > 0) {
      const joined = joinLines(paragraph);
      if (!description) description = plain(joined);
      out.push(`<p>${inline(joined)}</p>`);
      paragraph = [];
    }
    if (list) {
      out.push(
        `<${list.tag}>${list.items.map((i) => `<li>${inline(i)}</li>`).join('')}</${list.tag}>`,
      );
      list = null;
    }
    if (quote.length > 0) {
      out.push(`<blockquote><p>${inline(quote.join(' '))}</p></blockquote>`);
      quote = [];
    }
  };

  for (const line of text.split('\n')) {
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+\.\s+(.*)$/.exec(line);
    const quoted = /^>\s?(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1]?.length ?? 1;
      const content = heading[2] ?? '';
      if (level === 1 && !title) title = plain(content);
      out.push(`<h${level}>${inline(content)}</h${level}>`);
    } else if (bullet || numbered) {
      const tag = bullet ? 'ul' : 'ol';
      if (paragraph.length > 0 || quote.length > 0 || (list && list.tag !== tag)) flush();
      list ??= { tag, items: [] };
      list.items.push((bullet?.[1] ?? numbered?.[1] ?? '').trim());
    } else if (quoted) {
      if (paragraph.length > 0 || list) flush();
      quote.push(quoted[1] ?? '');
    } else if (line.trim() === '') {
      flush();
    } else if (list && /^\s+\S/.test(line)) {
      // An indented line continues the list item above.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list || quote.length > 0) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return { title, description, html: raw(out.join('\n')) };
}
