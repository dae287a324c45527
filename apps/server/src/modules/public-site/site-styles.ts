/**
 * The site's whole style sheet, inlined into every page (no render-blocking request; about 6 KB
 * before compression). The theme is the product's (docs/product.md#constants): light, primary #41D9A0,
 * secondary #9A24F2, text #2b353a, Open Sans. The primary green is too light for text on white
 * (1.9:1), so it only fills backgrounds and borders; links and small text use darker colours that
 * pass WCAG AA.
 *
 * Pages may add rules of their own (`styles` of renderPage); both are allowed by the hash of the
 * exact `<style>` text in the page's Content-Security-Policy, so no `style=""` attribute may be used.
 */

/** `@font-face` rules for the two weights the site uses, pointing at the served woff2 files. */
export function fontFaces(fonts: { regular: string; bold: string }): string {
  // Metric overrides make the fallback face occupy Open Sans's space, so the swap shifts no layout.
  return [
    `@font-face{font-family:"Open Sans";font-style:normal;font-weight:400;font-display:swap;src:url(${fonts.regular}) format("woff2");unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}`,
    `@font-face{font-family:"Open Sans";font-style:normal;font-weight:700;font-display:swap;src:url(${fonts.bold}) format("woff2");unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}`,
    '@font-face{font-family:"Open Sans Fallback";src:local("Arial");ascent-override:101.43%;descent-override:27.8%;line-gap-override:0%;size-adjust:105.44%}',
  ].join('');
}

/** Colours, named by use. */
export const SITE_COLOURS = {
  primary: '#41D9A0',
  secondary: '#9A24F2',
  text: '#2b353a',
  /** Secondary text: 7.4:1 on white. */
  muted: '#4d5a60',
  /** Links: the secondary purple darkened to 7.6:1 on white. */
  link: '#6f14b8',
  /** Dark green for text that should read as "primary": 5.6:1 on white. */
  primaryText: '#0b6b47',
  surface: '#f4faf7',
  border: '#d5e3dd',
} as const;

const c = SITE_COLOURS;

export const SITE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:"Open Sans","Open Sans Fallback",system-ui,-apple-system,"Segoe UI","Hiragino Sans","Noto Sans JP",sans-serif;font-size:16px;line-height:1.6;color:${c.text};background:#fff;display:flex;flex-direction:column;min-height:100vh}
a{color:${c.link};text-underline-offset:2px}
a:focus-visible,summary:focus-visible,button:focus-visible,input:focus-visible,textarea:focus-visible,select:focus-visible{outline:3px solid ${c.secondary};outline-offset:2px}
img{max-width:100%;height:auto}
h1,h2,h3{line-height:1.25;margin:1.2em 0 .5em}
h1{font-size:1.9rem}h2{font-size:1.4rem}h3{font-size:1.15rem}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:8px 12px;z-index:10}
.skip:focus{left:8px}
.wrap{max-width:1080px;margin:0 auto;padding:0 16px}
.topbar{border-bottom:4px solid ${c.primary};background:#fff}
.topbar .wrap{display:flex;align-items:center;gap:12px;min-height:64px;flex-wrap:wrap}
.logo{display:inline-flex;align-items:center;gap:8px;color:${c.text};font-weight:700;font-size:1.2rem;text-decoration:none;margin-right:auto}
.logo svg{flex:none}
.actions{display:flex;align-items:center;gap:8px;flex-wrap:wrap}
.lang{display:flex;gap:4px;margin:0;padding:0;list-style:none;font-size:.9rem}
.lang a{display:inline-block;padding:6px 8px;border-radius:4px;text-decoration:none;color:${c.muted}}
.lang a[aria-current]{color:${c.text};font-weight:700;text-decoration:underline}
.btn{display:inline-block;padding:8px 16px;border-radius:4px;font-weight:700;text-decoration:none;text-transform:capitalize;border:2px solid ${c.primary};color:${c.text};background:#fff;line-height:1.3}
.btn-primary{background:${c.primary};color:${c.text}}
.btn-primary:hover{background:#35c48f}
.btn:hover{border-color:#35c48f}
.btn-large{padding:12px 24px;font-size:1.1rem}
.menu{background:${c.surface};border-bottom:1px solid ${c.border}}
.menu>.wrap>ul{display:flex;flex-wrap:wrap;gap:0 4px;margin:0;padding:0;list-style:none}
.menu li{position:relative;list-style:none}
.menu a,.menu summary{display:block;padding:10px 10px;color:${c.text};text-decoration:none;font-size:16px;cursor:pointer}
.menu a:hover,.menu summary:hover{text-decoration:underline}
.menu summary{list-style:none}
.menu summary::-webkit-details-marker{display:none}
.menu summary::after{content:"";display:inline-block;margin-left:6px;border:5px solid transparent;border-top-color:currentColor;border-bottom:0;vertical-align:middle}
.menu details[open]>summary::after{transform:rotate(180deg)}
.menu details ul{margin:0;padding:4px 0;list-style:none;background:#fff;border:1px solid ${c.border};border-radius:4px;min-width:220px}
.menu details a{font-size:15px;padding:8px 14px}
.menu [aria-current="page"],.menu .current>summary{font-weight:700;box-shadow:inset 0 -3px 0 ${c.primary}}
@media (min-width:800px){.menu details ul{position:absolute;left:0;top:100%;z-index:5;box-shadow:0 6px 18px rgba(0,0,0,.12)}}
main{flex:1 0 auto;padding-bottom:32px}
.lead{font-size:1.15rem;color:${c.muted}}
.hero{background:${c.surface};border-bottom:1px solid ${c.border};padding:8px 0 24px}
.hero img{display:block;border-radius:8px;margin-top:16px;aspect-ratio:16/9;object-fit:cover;width:100%;background:${c.border}}
.facts{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:12px;margin:16px 0;padding:0}
.facts div{border-left:4px solid ${c.primary};padding:4px 12px;background:#fff}
.facts dt{font-size:.85rem;color:${c.muted}}
.facts dd{margin:0;font-weight:700}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:16px;margin:16px 0;padding:0;list-style:none}
.card{border:1px solid ${c.border};border-radius:8px;padding:16px;background:#fff}
.card h3{margin-top:0}
.schedule dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0 0 12px}
.schedule dt{color:${c.muted}}
.schedule dd{margin:0}
.schedule dd ul{margin:0;padding:0;list-style:none}
.note{color:${c.muted};font-size:.9rem}
.cta{margin:24px 0}
.prose{max-width:72ch}
.prose table{border-collapse:collapse}
.prose td,.prose th{border:1px solid ${c.border};padding:4px 8px}
.site-footer{background:${c.text};color:#fff;padding:20px 0;margin-top:auto}
.site-footer a{color:#fff}
.site-footer .wrap{display:flex;flex-wrap:wrap;gap:12px 32px;align-items:center;justify-content:space-between}
.site-footer ul{display:flex;flex-wrap:wrap;gap:8px 20px;margin:0;padding:0;list-style:none}
.site-footer p{margin:0}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`
  .trim()
  .replace(/\n/g, '');
