import { createHash } from 'node:crypto';
import type { Config } from '../config';

/*
 * The browser-side guard against script injection (docs/architecture.md#sessions): the session
 * token lives in localStorage, so a script that runs in our origin could read it. The app's page may
 * run our own scripts, its inline runtime config (by hash), and the scripts of exactly the third
 * parties the deployment configured (docs/architecture.md#configuration); nothing may frame it.
 */

type ThirdParties = Config['client'];

/** Hosts each configured third party needs, by directive. */
function thirdPartySources(client: ThirdParties): Record<string, string[]> {
  const sources: Record<string, string[]> = {
    script: [],
    connect: [],
    img: [],
    frame: [],
    font: [],
  };
  const add = (directive: string, ...hosts: string[]) => sources[directive]?.push(...hosts);
  if (client.stripePublishableKey) {
    // Stripe.js and its card fields come from js.stripe.com (and its subdomains); it confirms the
    // card with api.stripe.com; a 3-D Secure challenge opens in a frame from hooks.stripe.com.
    add('script', 'https://js.stripe.com', 'https://*.js.stripe.com');
    add('connect', 'https://api.stripe.com');
    add('frame', 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com');
  }
  if (client.gtmId) {
    add('script', 'https://www.googletagmanager.com');
    add('img', 'https://www.googletagmanager.com');
    add('frame', 'https://www.googletagmanager.com');
  }
  if (client.hotjarId) {
    add('script', 'https://static.hotjar.com', 'https://script.hotjar.com');
    add('connect', 'https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com');
    add('img', 'https://*.hotjar.com');
    add('font', 'https://script.hotjar.com');
    add('frame', 'https://vars.hotjar.com');
  }
  const sentry = client.sentryDsn ? originOf(client.sentryDsn) : null;
  if (sentry) add('connect', sentry);
  return sources;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** `'sha256-…'` of every inline `<script>` of a page, so exactly those may run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The policy of the app's page (index.html) for this configuration. */
export function appContentSecurityPolicy(client: ThirdParties, inlineScripts: string[]): string {
  const extra = thirdPartySources(client);
  const list = (...parts: string[]) => parts.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...inlineScripts, ...(extra.script ?? []))}`,
    // MUI writes its styles into <style> elements at run time.
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list("'self'", 'data:', 'blob:', ...(extra.img ?? []))}`,
    `font-src ${list("'self'", 'data:', ...(extra.font ?? []))}`,
    // 'self' covers the live connection's ws(s):// to this host in current browsers.
    `connect-src ${list("'self'", ...(extra.connect ?? []))}`,
    `frame-src ${(extra.frame ?? []).length > 0 ? list(...(extra.frame ?? [])) : "'none'"}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Every other response (JSON, files): nothing in it may run or be framed. */
export const DEFAULT_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
