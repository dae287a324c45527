import { describe, expect, it } from 'vitest';
import { isTypingTarget } from './search-shortcut';

function element(html: string, selector: string): Element {
  document.body.innerHTML = html;
  const found = document.querySelector(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
}

describe('the / shortcut leaves typing alone', () => {
  it('counts fields, editable regions and open dialogs as typing', () => {
    expect(isTypingTarget(element('<input id="t">', '#t'))).toBe(true);
    expect(isTypingTarget(element('<textarea id="t"></textarea>', '#t'))).toBe(true);
    expect(isTypingTarget(element('<div contenteditable="true"><b id="t">x</b></div>', '#t'))).toBe(
      true,
    );
    expect(isTypingTarget(element('<div contenteditable=""><p id="t">x</p></div>', '#t'))).toBe(
      true,
    );
    expect(
      isTypingTarget(element('<div role="dialog"><button id="t">x</button></div>', '#t')),
    ).toBe(true);
  });

  it('lets the page, its links and its buttons open the search', () => {
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(element('<main><button id="t">x</button></main>', '#t'))).toBe(false);
    expect(
      isTypingTarget(element('<div contenteditable="false"><a id="t">x</a></div>', '#t')),
    ).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
