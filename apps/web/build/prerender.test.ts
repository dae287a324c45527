import { describe, expect, it } from 'vitest';
import { composePage, entrySource, type Rendered } from './prerender';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Atelier Gallery</title>
    <!--app-head-->
    <script type="module" crossorigin src="/app/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/app/assets/rolldown-runtime-def.js">
    <style>@font-face{}</style>
  </head>
  <body>
    <!--app-body-->
    <div id="root"></div>
  </body>
</html>`;

const PAGE: Rendered['page'] = {
  attribute: 'data-prerendered',
  guardScript: 'guard()',
  guardStyle: 'html[data-stale] #root{display:none}',
  entryLoader: 'load()',
};

const SCREEN = {
  path: '/login',
  html: '<main><h1>Log in</h1></main>',
  styles: '<style data-emotion="css abc" data-s="">.css-abc{color:red}</style>',
};

describe('composePage', () => {
  const html = composePage(TEMPLATE, SCREEN, PAGE);
  const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
  const body = html.slice(html.indexOf('<body>'), html.indexOf('</body>'));

  it('puts the screen into #root, named by its path', () => {
    expect(body).toContain(
      '<div id="root" data-prerendered="/login"><main><h1>Log in</h1></main></div>',
    );
  });

  it("puts the screen's styles and the guard into the head, keeping the server's placeholders", () => {
    expect(head).toContain(SCREEN.styles);
    expect(head).toContain(`<style>${PAGE.guardStyle}</style>`);
    expect(head).toContain('<!--app-head-->');
    expect(body).toContain('<!--app-body-->');
  });

  it('runs the guard before any other script of the page and before the screen can paint', () => {
    const scripts = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toEqual(['guard()', 'load()']);
    expect(head.indexOf('guard()')).toBeLessThan(head.indexOf(SCREEN.styles));
  });

  it('starts the entry from the loader after the screen instead of a script tag in the head', () => {
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('href="/app/assets/index-abc.js"');
    expect(body.trimEnd().endsWith('<script>load()</script>')).toBe(true);
    expect(body.indexOf('load()')).toBeGreaterThan(body.indexOf('<div id="root"'));
    // The entry's own imports may still be preloaded.
    expect(head).toContain('rolldown-runtime-def.js');
  });

  it('refuses a template without the places it fills', () => {
    expect(() => composePage(TEMPLATE.replace('<div id="root"></div>', ''), SCREEN, PAGE)).toThrow(
      /root/,
    );
    expect(() => composePage(TEMPLATE.replace('</body>', ''), SCREEN, PAGE)).toThrow(/body/);
  });
});

describe('entrySource', () => {
  it("reads the entry's URL from Vite's script tag", () => {
    expect(entrySource(TEMPLATE)).toBe('/app/assets/index-abc.js');
  });

  it('refuses a template without one', () => {
    expect(() => entrySource('<html></html>')).toThrow(/entry/);
  });
});
