import { describe, expect, it } from 'vitest';
import { html, raw } from './html';
import { languageFromAcceptLanguage } from './language';
import { renderMarkdown } from './markdown';

describe('html template', () => {
  it('escapes interpolations, joins arrays, drops null and false, keeps raw markup', () => {
    const items = ['<a>', '"b"'];
    expect(
      html`<p title="${"'x'"}">${items.map((i) => html`<i>${i}</i>`)}${null}${false}${raw('<br>')}</p>`
        .value,
    ).toBe('<p title="&#39;x&#39;"><i>&lt;a&gt;</i><i>&quot;b&quot;</i><br></p>');
  });
});

describe('content files (Markdown)', () => {
  it('renders headings, paragraphs, lists, emphasis and links, with title and description from front matter', () => {
    const doc = renderMarkdown(
      '---\ntitle: About {school}\ndescription: Hello.\n---\n# About\n\nOne **bold** and *soft*\nline.\n\n- a [link](/contact-us)\n- b\n\n## Next\n1. first',
      { school: 'Atelier' },
    );
    expect(doc.title).toBe('About Atelier');
    expect(doc.description).toBe('Hello.');
    expect(doc.html.value).toBe(
      '<h1>About</h1>\n<p>One <strong>bold</strong> and <em>soft</em> line.</p>\n<ul><li>a <a href="/contact-us">link</a></li><li>b</li></ul>\n<h2>Next</h2>\n<ol><li>first</li></ol>',
    );
  });

  it('shows HTML in a file as text and refuses links that could run script or leave by a protocol-relative address', () => {
    const doc = renderMarkdown(
      '<script>alert(1)</script> [x](javascript:alert(1)) [y](//evil.test) [z](/\\evil.test) [ok](mailto:a@b.c)',
    );
    expect(doc.html.value).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1)) [y](//evil.test) [z](/\\evil.test) <a href="mailto:a@b.c">ok</a></p>',
    );
  });

  it('takes the first heading and paragraph when there is no front matter, and joins Japanese lines without a space', () => {
    const doc = renderMarkdown('# 規約\n\nこれは\nテストです。');
    expect(doc.title).toBe('規約');
    expect(doc.description).toBe('これはテストです。');
  });
});

describe('Accept-Language', () => {
  it.each([
    ['ja-JP,ja;q=0.9,en;q=0.8', 'ja'],
    ['en-GB,en;q=0.9,ja;q=0.8', 'en'],
    ['fr-FR,ja;q=0.5,en;q=0.4', 'ja'],
    ['en;q=0.2, ja;q=0.9', 'ja'],
    ['ja;q=0, en', 'en'],
    ['fr, *;q=0.1', 'en'],
    ['fr-FR', null],
    ['', null],
    [undefined, null],
  ])('%o → %o', (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});
