import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
} from '@atelier/contract';
import { CONTACT_STRINGS, type ContactStrings, fieldMessage } from './contact.strings';
import { html, type SafeHtml } from './html';
import { withLang } from './language';
import type { PageInput, SiteContext } from './layout';
import { SITE_PATHS } from './site-menu';
import type { Lang } from './site-strings';

// /contact-us (docs/product.md#public-site): a plain HTML form that works without JavaScript. A
// refused post comes back as the same page with the typed values, a summary linking to each field
// in error and the message beside the field (aria-invalid, aria-describedby).

export const CONTACT_FIELDS = ['name', 'email', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export type ContactFormState = {
  values: Record<ContactField, string>;
  /** The server's field messages (the contract's English constants), by field. */
  errors: Partial<Record<ContactField, string>>;
  /** A message about the whole form (too many messages, a post from another site). */
  notice?: string;
};

export const EMPTY_CONTACT_FORM: ContactFormState = {
  values: { name: '', email: '', message: '' },
  errors: {},
};

const ERROR = '#b00020';
const STYLES = [
  '.contact{max-width:560px;margin:24px 0}',
  '.field{margin:0 0 18px}',
  '.field label{display:block;font-weight:700;margin-bottom:4px}',
  '.field .req{font-weight:400;color:#4d5a60}',
  '.field input,.field textarea{display:block;width:100%;font:inherit;color:inherit;padding:10px 12px;border:1px solid #6b777c;border-radius:4px;background:#fff}',
  '.field textarea{resize:vertical;min-height:10em}',
  `.field [aria-invalid="true"]{border:2px solid ${ERROR}}`,
  '.hint{margin:4px 0 0;font-size:.9rem;color:#4d5a60}',
  `.error{margin:4px 0 0;color:${ERROR};font-weight:700}`,
  `.errors{border:2px solid ${ERROR};border-radius:8px;padding:12px 16px;margin:16px 0}`,
  '.errors h2{font-size:1.1rem;margin:0 0 8px}',
  '.errors ul{margin:0;padding-left:20px}',
  `.errors a{color:${ERROR}}`,
  '.hp{display:none}',
  'button.btn{font:inherit;font-weight:700;cursor:pointer}',
].join('');

const idOf = (field: ContactField) => `contact-${field}`;
const errorIdOf = (field: ContactField) => `contact-${field}-error`;

function fieldLabel(field: ContactField, t: ContactStrings): string {
  return field === 'name' ? t.name : field === 'email' ? t.email : t.message;
}

function control(
  field: ContactField,
  state: ContactFormState,
  lang: Lang,
  autofocus: boolean,
): SafeHtml {
  const t = CONTACT_STRINGS[lang];
  const error = state.errors[field];
  const hintId = `contact-${field}-hint`;
  const hint = field === 'email' ? t.emailHint : field === 'message' ? t.messageHint : null;
  const describedBy = [error ? errorIdOf(field) : null, hint ? hintId : null]
    .filter(Boolean)
    .join(' ');
  const common = html` id="${idOf(field)}" name="${field}" required${error ? html` aria-invalid="true"` : ''}${describedBy ? html` aria-describedby="${describedBy}"` : ''}${autofocus ? html` autofocus` : ''}`;
  const value = state.values[field];
  const input =
    field === 'message'
      ? html`<textarea${common} rows="8" maxlength="${CONTACT_MESSAGE_MAX_LENGTH}">${value}</textarea>`
      : field === 'email'
        ? html`<input${common} type="email" autocomplete="email" maxlength="${EMAIL_MAX_LENGTH}" value="${value}">`
        : html`<input${common} type="text" autocomplete="name" maxlength="${NAME_MAX_LENGTH}" value="${value}">`;
  return html`<div class="field"><label for="${idOf(field)}">${fieldLabel(field, t)} <span class="req" aria-hidden="true">${t.required}</span></label>${input}${error ? html`<p class="error" id="${errorIdOf(field)}">${fieldMessage(lang, error)}</p>` : ''}${hint ? html`<p class="hint" id="${hintId}">${hint}</p>` : ''}</div>`;
}

function errorSummary(state: ContactFormState, lang: Lang): SafeHtml | '' {
  const t = CONTACT_STRINGS[lang];
  const failed = CONTACT_FIELDS.filter((field) => state.errors[field]);
  if (state.notice) return html`<div class="errors" role="alert"><p>${state.notice}</p></div>`;
  if (failed.length === 0) return '';
  return html`<div class="errors" role="alert"><h2>${t.errorSummary}</h2><ul>${failed.map(
    (field) =>
      html`<li><a href="#${idOf(field)}">${fieldLabel(field, t)}: ${fieldMessage(lang, state.errors[field] ?? '')}</a></li>`,
  )}</ul></div>`;
}

/**
 * The contact page with its form. `chosenLang` (the visitor's `?lang=`, else null) is kept in the
 * form's address, so the post is answered in the page's language.
 */
export function contactPageInput(
  site: SiteContext,
  lang: Lang,
  chosenLang: Lang | null,
  state: ContactFormState,
): PageInput {
  const t = CONTACT_STRINGS[lang];
  const firstError = CONTACT_FIELDS.find((field) => state.errors[field]);
  const fields = CONTACT_FIELDS.map((field) => control(field, state, lang, field === firstError));
  // Hidden from people and assistive technology alike (display:none): only a robot fills it.
  const honeypot = html`<div class="hp"><label for="contact-${CONTACT_HONEYPOT_FIELD}">${t.honeypot}</label><input id="contact-${CONTACT_HONEYPOT_FIELD}" name="${CONTACT_HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></div>`;
  const form = html`<form class="contact" method="post" action="${withLang(SITE_PATHS.contactUs, chosenLang)}" aria-label="${t.form}">${errorSummary(state, lang)}${fields}${honeypot}<button class="btn btn-primary btn-large" type="submit">${t.send}</button></form>`;
  return {
    site,
    lang,
    path: SITE_PATHS.contactUs,
    title: t.title(site.schoolName),
    description: t.description(site.schoolName),
    styles: STYLES,
    main: html`<div class="wrap"><h1>${t.heading}</h1><p class="lead prose">${t.lead}</p><p>${t.orWrite} <a href="mailto:${site.contactEmail}">${site.contactEmail}</a></p>${form}</div>`,
  };
}

/** The thank-you state a sent message is redirected to (`?sent=1`): not indexed. */
export function contactSentPageInput(
  site: SiteContext,
  lang: Lang,
  chosenLang: Lang | null,
): PageInput {
  const t = CONTACT_STRINGS[lang];
  return {
    site,
    lang,
    path: SITE_PATHS.contactUs,
    title: t.sentTitle(site.schoolName),
    description: t.description(site.schoolName),
    noindex: true,
    main: html`<div class="wrap"><h1>${t.sentHeading}</h1><p class="lead prose">${t.sentBody}</p><p><a href="${withLang(SITE_PATHS.contactUs, chosenLang)}">${t.sendAnother}</a></p><p><a class="btn btn-primary" href="${SITE_PATHS.home}">${t.home}</a></p></div>`,
  };
}
