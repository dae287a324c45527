import { CONTACT_HONEYPOT_FIELD, contactBodySchema } from '@atelier/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { type ContactContext, contactContextOf } from './contact.context';
import {
  CONTACT_FIELDS,
  type ContactField,
  type ContactFormState,
  contactPageInput,
  contactSentPageInput,
  EMPTY_CONTACT_FORM,
} from './contact.page';
import { sendContactMessage } from './contact.service';
import { CONTACT_STRINGS } from './contact.strings';
import { type Negotiated, negotiateLanguage, withLang } from './language';
import { renderPage, type SiteContext } from './layout';
import { pageBody, sendPage } from './page-response';
import { SITE_PATHS } from './site-menu';

export type ContactRoutesOptions = { site: SiteContext; ctx?: ContactContext };

/**
 * A form post's largest body: a 5,000-character message in Japanese is about 45 KB once
 * percent-encoded. Anything larger is refused (413) before it is read.
 */
const FORM_BODY_LIMIT = 64 * 1024;

type FormFields = Record<string, string | string[]>;

/** application/x-www-form-urlencoded as fields; a repeated field becomes a list (refused later). */
function parseForm(body: string): FormFields {
  const fields: FormFields = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const seen = fields[key];
    if (seen === undefined) fields[key] = value;
    else fields[key] = Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return fields;
}

/** The values to show again in the form: text only, whatever was sent. */
function typedValues(body: Record<string, unknown>): Record<ContactField, string> {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { name: text(body.name), email: text(body.email), message: text(body.message) };
}

/**
 * The page may be posted from here only. A browser always sends Origin with a form post; one from
 * another site is refused. Without the header (an old client, curl) the post is allowed: the form
 * has no session to ride on, so this guards the school's reputation, not an account.
 */
function fromThisSite(request: FastifyRequest, site: SiteContext): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === site.origin) return true;
  return origin === `${request.protocol}://${request.host}`;
}

/**
 * GET /contact-us (the form, or its thank-you state with `?sent=1`) and POST /contact-us (the form,
 * urlencoded): a valid message is mailed to the school and confirmed to the sender, then a 303
 * leads to the thank-you state, so reloading it sends nothing again.
 */
export const contactRoutes: FastifyPluginAsync<ContactRoutesOptions> = async (app, opts) => {
  const { site } = opts;
  const ctx =
    opts.ctx ??
    contactContextOf({
      db: app.db,
      mailer: app.mail.mailer,
      rateLimits: app.rateLimits,
      schoolEmail: site.contactEmail,
    });

  // This plugin's own scope: no other route of the app takes urlencoded bodies.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, parseForm(String(body))),
  );

  const chosen = (negotiated: Negotiated) => (negotiated.chosen ? negotiated.lang : null);

  const sendForm = (
    request: FastifyRequest,
    reply: FastifyReply,
    negotiated: Negotiated,
    state: ContactFormState,
    status: number,
  ) => {
    const input = contactPageInput(site, negotiated.lang, chosen(negotiated), state);
    return sendPage(request, reply, pageBody(site, renderPage(input)), { negotiated, status });
  };

  app.get(SITE_PATHS.contactUs, { schema: { hide: true } }, async (request, reply) => {
    const negotiated = negotiateLanguage(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    if (query.sent === '1') {
      const input = contactSentPageInput(site, negotiated.lang, chosen(negotiated));
      return sendPage(request, reply, pageBody(site, renderPage(input)), { negotiated });
    }
    return sendForm(request, reply, negotiated, EMPTY_CONTACT_FORM, 200);
  });

  app.post(SITE_PATHS.contactUs, { schema: { hide: true } }, async (request, reply) => {
    const negotiated = negotiateLanguage(request);
    const t = CONTACT_STRINGS[negotiated.lang];
    const body =
      request.body !== null && typeof request.body === 'object'
        ? (request.body as Record<string, unknown>)
        : {};
    const values = typedValues(body);
    if (!fromThisSite(request, site)) {
      return sendForm(request, reply, negotiated, { values, errors: {}, notice: t.crossSite }, 403);
    }
    const thanks = withLang(SITE_PATHS.contactUs, chosen(negotiated), { sent: '1' });
    // A robot filled the field people never see: it is told "sent", and nothing is.
    const honeypot = body[CONTACT_HONEYPOT_FIELD];
    if (honeypot !== undefined && honeypot !== '') {
      request.log.info({ honeypot: true }, 'contact form: honeypot filled, nothing sent');
      return reply.redirect(thanks, 303);
    }

    const parsed = contactBodySchema.safeParse(pick(body));
    if (!parsed.success) {
      const errors: ContactFormState['errors'] = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isContactField(field) && !errors[field]) errors[field] = issue.message;
      }
      return sendForm(request, reply, negotiated, { values, errors }, 422);
    }

    try {
      await sendContactMessage(ctx, parsed.data, negotiated.lang, request.ip);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
      const retryAfterS = Number(error.meta?.retry_after ?? 60);
      reply.header('retry-after', String(retryAfterS));
      const notice = t.tooMany(Math.ceil(retryAfterS / 60));
      return sendForm(request, reply, negotiated, { values, errors: {}, notice }, 429);
    }
    return reply.redirect(thanks, 303);
  });
};

function isContactField(value: unknown): value is ContactField {
  return (CONTACT_FIELDS as readonly unknown[]).includes(value);
}

/** The form's own fields as sent (a list where a field was repeated, which the schema refuses). */
function pick(body: Record<string, unknown>): Record<ContactField, unknown> {
  return { name: body.name, email: body.email, message: body.message };
}
