import type { ClientConfig } from '@atelier/contract';
import type { Config } from '../config';

// JSON inside <script> must not be able to close the tag.
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const attr = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, '');

function hotjarTag(id: string): string {
  return `<script>(function(h,o,t,j,a,r){h.hj=h.hj||function(){(h.hj.q=h.hj.q||[]).push(arguments)};h._hjSettings={hjid:${scriptSafeJson(attr(id))},hjsv:6};a=o.getElementsByTagName('head')[0];r=o.createElement('script');r.async=1;r.src=t+h._hjSettings.hjid+j+h._hjSettings.hjsv;a.appendChild(r);})(window,document,'https://static.hotjar.com/c/hotjar-','.js?sv=');</script>`;
}

function gtmHeadTag(id: string): string {
  return `<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${scriptSafeJson(attr(id))});</script>`;
}

function gtmNoscript(id: string): string {
  return `<noscript><iframe title="Google Tag Manager" src="https://www.googletagmanager.com/ns.html?id=${attr(id)}" height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>`;
}

/** The runtime configuration the page reads (`window.__ATELIER_CONFIG__`). */
function clientConfigOf(config: Config): ClientConfig {
  return {
    schoolName: config.schoolName,
    contactEmail: config.contactEmail,
    sentryDsn: config.client.sentryDsn ?? null,
    stripePublishableKey: config.client.stripePublishableKey ?? null,
    currency: config.currency,
    appUrl: config.appUrl,
  };
}

/**
 * The index of the pages the web build prerendered (apps/web/build/prerender.ts writes it as
 * `.prerender/pages.json`): each page's URL path and file, and the placeholder the build put
 * wherever a runtime setting shows on the page (docs/decisions/046-prerendered-first-screen.md).
 */
export type PrerenderManifest = {
  placeholders: Record<string, string>;
  pages: { path: string; file: string }[];
};

// The placeholders stand in text and in quoted attribute values; this escaping is right for both.
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Puts this deployment's settings where the build left placeholders in a prerendered page. The
 * build proved that the page depends on no other setting. Throws on a setting this server does
 * not know or that is not text: the page would show something else than the app renders.
 */
export function fillPrerenderedPage(
  html: string,
  placeholders: PrerenderManifest['placeholders'],
  config: Config,
): string {
  const client = clientConfigOf(config) as Record<string, unknown>;
  let filled = html;
  for (const [field, placeholder] of Object.entries(placeholders)) {
    const value = client[field];
    if (typeof value !== 'string' || placeholder === '') {
      throw new Error(`the prerendered page wants the setting "${field}", which is not text here`);
    }
    filled = filled.replaceAll(placeholder, escapeHtml(value));
  }
  return filled;
}

/**
 * Fills the built index.html's two placeholders: the runtime config and the third-party tags,
 * which appear only when their ids are configured (none configured: no third-party request).
 */
export function renderIndexHtml(template: string, config: Config): string {
  const client = clientConfigOf(config);
  const head = [
    `<script>window.__ATELIER_CONFIG__=${scriptSafeJson(client)}</script>`,
    config.client.hotjarId ? hotjarTag(config.client.hotjarId) : '',
    config.client.gtmId ? gtmHeadTag(config.client.gtmId) : '',
  ].join('');
  const body = config.client.gtmId ? gtmNoscript(config.client.gtmId) : '';
  return template.replace('<!--app-head-->', head).replace('<!--app-body-->', body);
}
