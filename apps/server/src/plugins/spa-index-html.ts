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

/**
 * Fills the built index.html's two placeholders: the runtime config and the third-party tags,
 * which appear only when their ids are configured (none configured: no third-party request).
 */
export function renderIndexHtml(template: string, config: Config): string {
  const client: ClientConfig = {
    schoolName: config.schoolName,
    contactEmail: config.contactEmail,
    sentryDsn: config.client.sentryDsn ?? null,
    stripePublishableKey: config.client.stripePublishableKey ?? null,
    currency: config.currency,
  };
  const head = [
    `<script>window.__ATELIER_CONFIG__=${scriptSafeJson(client)}</script>`,
    config.client.hotjarId ? hotjarTag(config.client.hotjarId) : '',
    config.client.gtmId ? gtmHeadTag(config.client.gtmId) : '',
  ].join('');
  const body = config.client.gtmId ? gtmNoscript(config.client.gtmId) : '';
  return template.replace('<!--app-head-->', head).replace('<!--app-body-->', body);
}
