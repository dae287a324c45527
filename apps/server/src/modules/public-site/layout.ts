import { createHash } from 'node:crypto';
import { FOOTER_YEAR, type PublicMenuLink, publicMenuEntries } from '@atelier/contract';
import { html, jsonForScript, raw, type SafeHtml } from './html';
import { withLang } from './language';
import { SITE_ICON_PATHS } from './site-icon';
import { SITE_PATHS } from './site-menu';
import { type Lang, SITE_LANGUAGES, siteStrings } from './site-strings';
import { fontFaces, SITE_CSS } from './site-styles';

/** What every page of the site needs to know about the school and the deployment. */
export type SiteContext = {
  /** The site's own origin (APP_URL), for canonical, hreflang, Open Graph and sitemap URLs. */
  origin: string;
  schoolName: string;
  contactEmail: string;
  /** The school's currency (ISO 4217), for prices. */
  currency: string;
  blogUrl: string;
  social: { instagram: string; facebook: string; youtube: string };
  /** The served Open Sans files (regular, bold); null when they could not be found. */
  fonts: { regular: string; bold: string } | null;
  /** Origins images may come from besides this one (a public bucket), for the policy. */
  imageOrigins: string[];
  /** Whether the site serves its icon (site-icon.ts), so pages link it. */
  icon: boolean;
};

export type PageInput = {
  site: SiteContext;
  lang: Lang;
  /** The page's path without query: `/student-gallery`, `/classes/in-person/…`; `/` is the home. */
  path: string;
  /** Query parameters that name a different page (`{ page: '2' }`), kept in canonical and alternates. */
  query?: Record<string, string>;
  /** The `<title>`, complete. */
  title: string;
  /** The meta description (and Open Graph's). */
  description: string;
  /** The page's content, inside `<main>`: it should start with the page's one `<h1>`. */
  main: SafeHtml;
  /** Open Graph image, absolute or root-relative. */
  image?: string | null;
  imageAlt?: string;
  ogType?: 'website' | 'article';
  /** schema.org objects, each written as a `<script type="application/ld+json">`. */
  jsonLd?: object[];
  /** Extra CSS for this page, inlined after the site's (allowed by hash; no style attributes). */
  styles?: string;
  /** A 404 page: not indexed, no canonical or alternates. */
  noindex?: boolean;
};

/** A rendered document and the hash its `<style>` needs in the Content-Security-Policy. */
export type RenderedPage = { html: string; styleHash: string };

const LOGO_MARK =
  '<svg width="36" height="36" viewBox="0 0 40 40" aria-hidden="true" focusable="false"><circle cx="20" cy="20" r="19" fill="#41D9A0"/><path d="M11 29c3-1 4-4 5-7s3-6 7-9l6-4c1 0 2 1 1 2l-4 6c-3 4-6 6-9 7s-4 2-6 5z" fill="#2b353a"/><circle cx="12" cy="30" r="2.2" fill="#9A24F2"/></svg>';

/** The home page lives at `/?noredirect=1` (`/` alone opens the app). */
function pagePath(path: string): { path: string; query: Record<string, string> } {
  return path === '/' ? { path: '/', query: { noredirect: '1' } } : { path, query: {} };
}

/** The page's URL in one language (null: no `lang`, the negotiated x-default), absolute. */
export function pageUrl(
  site: SiteContext,
  path: string,
  lang: Lang | null,
  query: Record<string, string> = {},
): string {
  const base = pagePath(path);
  return `${site.origin}${withLang(base.path, lang, { ...base.query, ...query })}`;
}

function absolute(site: SiteContext, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${site.origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Whether a menu link is the page being shown (the home's link carries its query). */
function isCurrent(href: string, path: string): boolean {
  if (href === SITE_PATHS.home) return path === '/';
  return href === path;
}

function menuHtml(input: PageInput): SafeHtml {
  const t = siteStrings(input.lang);
  const item = (entry: PublicMenuLink) =>
    entry.external
      ? html`<li><a href="${entry.href}" rel="noopener" target="_blank">${t.menu[entry.label]}<span class="visually-hidden"> ${t.footer.opensNewTab}</span></a></li>`
      : html`<li><a href="${entry.href}"${isCurrent(entry.href, input.path) ? raw(' aria-current="page"') : ''}>${t.menu[entry.label]}</a></li>`;
  const entries = publicMenuEntries(input.site.blogUrl).map((entry) => {
    if ('href' in entry) return item(entry);
    const current = entry.children.some((child) => isCurrent(child.href, input.path));
    return html`<li${current ? raw(' class="current"') : ''}><details><summary>${t.menu[entry.label]}</summary><ul>${entry.children.map(item)}</ul></details></li>`;
  });
  return html`<nav class="menu" aria-label="${t.mainMenu}"><div class="wrap"><ul>${entries}</ul></div></nav>`;
}

function languageSwitch(input: PageInput): SafeHtml {
  const t = siteStrings(input.lang);
  const base = pagePath(input.path);
  const links = SITE_LANGUAGES.map((lang) => {
    const name = siteStrings(lang).languageName;
    const href = withLang(base.path, lang, { ...base.query, ...input.query });
    return html`<li><a href="${href}" hreflang="${lang}" lang="${lang}"${lang === input.lang ? raw(' aria-current="true"') : ''}>${name}</a></li>`;
  });
  return html`<nav aria-label="${t.languageSwitch}"><ul class="lang">${links}</ul></nav>`;
}

function topBar(input: PageInput): SafeHtml {
  const t = siteStrings(input.lang);
  return html`<header class="topbar"><div class="wrap"><a class="logo" href="${SITE_PATHS.home}" aria-label="${t.logoHome(input.site.schoolName)}">${raw(LOGO_MARK)}<span aria-hidden="true">${input.site.schoolName}</span></a><div class="actions">${languageSwitch(input)}<a class="btn" href="${SITE_PATHS.logIn}">${t.logIn}</a><a class="btn btn-primary" href="${SITE_PATHS.signUp}">${t.signUp}</a></div></div></header>`;
}

function footer(input: PageInput): SafeHtml {
  const t = siteStrings(input.lang);
  const { site } = input;
  const social = [
    { href: site.social.instagram, label: t.footer.instagram },
    { href: site.social.facebook, label: t.footer.facebook },
    { href: site.social.youtube, label: t.footer.youtube },
  ];
  return html`<footer class="site-footer" aria-label="${t.footer.label}"><div class="wrap"><p>${t.footer.copyright(FOOTER_YEAR, site.schoolName)}</p><ul><li><a href="mailto:${site.contactEmail}">${t.footer.contact}</a></li><li><a href="${SITE_PATHS.termsOfUse}">${t.footer.termsOfUse}</a></li><li><a href="${SITE_PATHS.privacyPolicy}">${t.footer.privacyPolicy}</a></li></ul><ul aria-label="${t.footer.social}">${social.map((s) => html`<li><a href="${s.href}" rel="noopener" target="_blank">${s.label}<span class="visually-hidden"> ${t.footer.opensNewTab}</span></a></li>`)}</ul></div></footer>`;
}

function head(input: PageInput, css: string): SafeHtml {
  const { site, lang } = input;
  const canonical = pageUrl(site, input.path, lang, input.query);
  const alternates = input.noindex
    ? ''
    : html`<link rel="canonical" href="${canonical}">${SITE_LANGUAGES.map(
        (l) =>
          html`<link rel="alternate" hreflang="${l}" href="${pageUrl(site, input.path, l, input.query)}">`,
      )}<link rel="alternate" hreflang="x-default" href="${pageUrl(site, input.path, null, input.query)}">`;
  const image = input.image ? absolute(site, input.image) : null;
  const otherLocales = SITE_LANGUAGES.filter((l) => l !== lang).map(
    (l) =>
      html`<meta property="og:locale:alternate" content="${siteStrings(l).locale.replace('-', '_')}">`,
  );
  return html`<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${input.title}</title><meta name="description" content="${input.description}">${input.noindex ? raw('<meta name="robots" content="noindex">') : ''}${alternates}<meta name="theme-color" content="#41D9A0">${
    site.icon
      ? html`<link rel="icon" href="${SITE_ICON_PATHS.ico}" sizes="32x32"><link rel="icon" href="${SITE_ICON_PATHS.svg}" type="image/svg+xml">`
      : ''
  }${
    site.fonts
      ? html`<link rel="preload" href="${site.fonts.regular}" as="font" type="font/woff2" crossorigin><link rel="preload" href="${site.fonts.bold}" as="font" type="font/woff2" crossorigin>`
      : ''
  }<style>${raw(css)}</style><meta property="og:type" content="${input.ogType ?? 'website'}"><meta property="og:site_name" content="${site.schoolName}"><meta property="og:title" content="${input.title}"><meta property="og:description" content="${input.description}"><meta property="og:url" content="${canonical}"><meta property="og:locale" content="${siteStrings(lang).locale.replace('-', '_')}">${otherLocales}${
    image
      ? html`<meta property="og:image" content="${image}">${input.imageAlt ? html`<meta property="og:image:alt" content="${input.imageAlt}">` : ''}<meta name="twitter:card" content="summary_large_image">`
      : raw('<meta name="twitter:card" content="summary">')
  }${(input.jsonLd ?? []).map((block) => html`<script type="application/ld+json">${jsonForScript(block)}</script>`)}</head>`;
}

const styleHashes = new Map<string, string>();

/** `'sha256-…'` of a `<style>` element's text, for the policy (memoised: pages share their CSS). */
export function styleHash(css: string): string {
  let hash = styleHashes.get(css);
  if (!hash) {
    hash = `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
    if (styleHashes.size < 100) styleHashes.set(css, hash);
  }
  return hash;
}

/** The page's CSS: fonts, the site's sheet, the page's own rules. */
function pageCss(input: PageInput): string {
  return `${input.site.fonts ? fontFaces(input.site.fonts) : ''}${SITE_CSS}${input.styles ?? ''}`;
}

/**
 * A whole document of the public site in the school's look: head (title, description, canonical,
 * hreflang alternates, Open Graph, JSON-LD, inlined CSS), top bar (logo, language, Log in, Sign
 * up), the public menu (works without JavaScript: submenus are `<details>`), the page's `<main>`
 * and the footer.
 */
export function renderPage(input: PageInput): RenderedPage {
  const t = siteStrings(input.lang);
  const css = pageCss(input);
  const doc = html`<!doctype html><html lang="${input.lang}">${head(input, css)}<body><a class="skip" href="#main">${t.skipToContent}</a>${topBar(input)}${menuHtml(input)}<main id="main" tabindex="-1">${input.main}</main>${footer(input)}</body></html>`;
  return { html: doc.value, styleHash: styleHash(css) };
}

/**
 * The policy of a site page: no script at all (JSON-LD blocks are data, which browsers neither run
 * nor check against script-src), its own `<style>` by hash, fonts and images from here (and the
 * image store), forms posting only here, never framed.
 */
export function siteContentSecurityPolicy(site: SiteContext, page: RenderedPage): string {
  return [
    "default-src 'none'",
    "script-src 'none'",
    `style-src ${page.styleHash}`,
    `img-src ${["'self'", 'data:', ...site.imageOrigins].join(' ')}`,
    "font-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
