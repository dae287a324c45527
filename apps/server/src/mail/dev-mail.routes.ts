import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errorDocument } from '@atelier/contract';
import type { FastifyPluginAsync, FastifyReply, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { StoredMail } from './mail-transport';
import { escapeHtml } from './templates/layout';

/** Where the dev mail browser lives; mounted only when config.devMailbox says so. */
export const DEV_MAIL_PATH = '/dev/mail';

const LIST_LIMIT = 200;
const MAIL_ID = /^[0-9A-Za-z-]{1,80}$/;

/** Absolute links found in a mail's text, in order: what a person would click. */
export const linksIn = (text: string) => text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];

async function readStored(dir: string, id: string): Promise<StoredMail | undefined> {
  if (!MAIL_ID.test(id)) return undefined;
  try {
    return JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as StoredMail;
  } catch {
    return undefined;
  }
}

/** Newest first; `to` keeps only mail to that address (case-insensitive). */
async function listStored(dir: string, to: string | undefined): Promise<StoredMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const ids = names
    .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
    .map((n) => n.slice(0, -'.json'.length))
    .sort()
    .reverse();
  const wanted = to?.trim().toLowerCase();
  const out: StoredMail[] = [];
  for (const id of ids) {
    if (out.length >= LIST_LIMIT) break;
    const mail = await readStored(dir, id);
    if (mail && (!wanted || mail.to === wanted)) out.push(mail);
  }
  return out;
}

const summary = (mail: StoredMail) => ({
  id: mail.id,
  to: mail.to,
  subject: mail.subject,
  template: mail.template,
  locale: mail.locale,
  date: mail.date,
});

/** The viewer's own pages: their one style sheet and the framed mail, nothing that runs. */
const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; frame-ancestors 'none'";

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;color:#2b353a}table{border-collapse:collapse;width:100%}
td,th{text-align:left;padding:6px 10px;border-bottom:1px solid #dde}iframe{width:100%;height:560px;border:1px solid #dde}
pre{white-space:pre-wrap;background:#f4f6f6;padding:12px}dt{font-weight:bold}dd{margin:0 0 8px}</style>
</head><body>${body}</body></html>`;

const notFoundMail = (reply: FastifyReply) =>
  reply.code(404).send(errorDocument('not_found', 'No such mail'));

/**
 * The development mail browser over the file transport's directory: an HTML list and message
 * view for people, and JSON for end-to-end tests (`latest.json?to=` gives the newest message to
 * an address with the links in it). Hidden from the OpenAPI description. `guard` runs before
 * every route when the mailbox can be reached from other machines (docs/decisions/050-dev-mailbox-and-upload-limits.md).
 */
const registerDevMailRoutes: FastifyPluginAsync<{
  dir: string;
  guard?: onRequestHookHandler;
}> = async (app, { dir, guard }) => {
  const hide = { schema: { hide: true } };
  if (guard) app.addHook('onRequest', guard);

  app.get<{ Querystring: { to?: string } }>(DEV_MAIL_PATH, hide, async (request, reply) => {
    const to = typeof request.query.to === 'string' ? request.query.to : undefined;
    const mails = await listStored(dir, to);
    const rows = mails
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.date)}</td><td>${escapeHtml(m.to)}</td><td><a href="${DEV_MAIL_PATH}/${m.id}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.template)} (${escapeHtml(m.locale)})</td></tr>`,
      )
      .join('\n');
    const body = `<h1>Mail sent by this server</h1>
<p>Files in <code>${escapeHtml(dir)}</code>, newest first${to ? ` — to ${escapeHtml(to)} (<a href="${DEV_MAIL_PATH}">all</a>)` : ''}.</p>
${mails.length === 0 ? '<p>No mail yet.</p>' : `<table><thead><tr><th>Date</th><th>To</th><th>Subject</th><th>Template</th></tr></thead><tbody>${rows}</tbody></table>`}`;
    return reply
      .header('content-security-policy', PAGE_POLICY)
      .type('text/html; charset=utf-8')
      .send(page('Mail', body));
  });

  app.get<{ Querystring: { to?: string } }>(
    `${DEV_MAIL_PATH}/messages.json`,
    hide,
    async (request) => {
      const to = typeof request.query.to === 'string' ? request.query.to : undefined;
      return { data: (await listStored(dir, to)).map(summary) };
    },
  );

  app.get<{ Querystring: { to?: string } }>(
    `${DEV_MAIL_PATH}/latest.json`,
    hide,
    async (request, reply) => {
      const to = typeof request.query.to === 'string' ? request.query.to : undefined;
      const [latest] = await listStored(dir, to);
      if (!latest) return notFoundMail(reply);
      return { data: { ...latest, links: linksIn(latest.text) } };
    },
  );

  app.get<{ Params: { id: string } }>(`${DEV_MAIL_PATH}/:id`, hide, async (request, reply) => {
    const mail = await readStored(dir, request.params.id);
    if (!mail) return notFoundMail(reply);
    const base = `${DEV_MAIL_PATH}/${mail.id}`;
    const body = `<p><a href="${DEV_MAIL_PATH}">← all mail</a></p>
<h1>${escapeHtml(mail.subject)}</h1>
<dl><dt>From</dt><dd>${escapeHtml(mail.from)}</dd><dt>To</dt><dd>${escapeHtml(mail.to)}</dd>
<dt>Date</dt><dd>${escapeHtml(mail.date)}</dd><dt>Template</dt><dd>${escapeHtml(mail.template)} (${escapeHtml(mail.locale)})</dd></dl>
<p><a href="${base}/raw">Raw message (.eml)</a> · <a href="${base}/json">JSON</a></p>
<h2>HTML</h2><iframe title="HTML version" sandbox src="${base}/html"></iframe>
<h2>Text</h2><pre>${escapeHtml(mail.text)}</pre>`;
    return reply
      .header('content-security-policy', PAGE_POLICY)
      .type('text/html; charset=utf-8')
      .send(page(mail.subject, body));
  });

  app.get<{ Params: { id: string } }>(`${DEV_MAIL_PATH}/:id/html`, hide, async (request, reply) => {
    const mail = await readStored(dir, request.params.id);
    if (!mail) return notFoundMail(reply);
    // Mail HTML is shown as mail clients show it: no script, no same-origin access.
    return reply
      .header(
        'content-security-policy',
        "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src * data:",
      )
      .type('text/html; charset=utf-8')
      .send(mail.html);
  });

  app.get<{ Params: { id: string } }>(`${DEV_MAIL_PATH}/:id/json`, hide, async (request, reply) => {
    const mail = await readStored(dir, request.params.id);
    if (!mail) return notFoundMail(reply);
    return { data: { ...mail, links: linksIn(mail.text) } };
  });

  app.get<{ Params: { id: string } }>(`${DEV_MAIL_PATH}/:id/raw`, hide, async (request, reply) => {
    const { id } = request.params;
    if (!MAIL_ID.test(id)) return notFoundMail(reply);
    try {
      const raw = await readFile(join(dir, `${id}.eml`));
      return reply
        .type('message/rfc822')
        .header('content-disposition', `attachment; filename="${id}.eml"`)
        .send(raw);
    } catch {
      return notFoundMail(reply);
    }
  });
};

export const devMailRoutes = fp(registerDevMailRoutes, {
  name: 'dev-mail',
  dependencies: ['mail', 'auth'],
  encapsulate: true,
});
