import type { Language } from '@atelier/contract';

/** What every template may use besides its own parameters: from config, never from a request. */
export type MailContext = {
  schoolName: string;
  /** Absolute origin links are built from (APP_URL), without a trailing slash. */
  appUrl: string;
  contactEmail: string;
  /** What receipts print of the school (docs/product.md#receipts); absent in older tests' contexts. */
  school?: { addressLines: string[]; taxId: string };
};

/** An amount in cents, written as the mail's language writes money ("$120.00"; "￥1,200" for yen). */
export const money = (locale: Language, currency: string, cents: number): string =>
  new Intl.NumberFormat(localeTag(locale), { style: 'currency', currency }).format(cents / 100);

/** A day as the mail's language writes it ("Feb 1, 2030"; "2030/02/01"), in `timeZone`. */
export const mailDay = (locale: Language, at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat(localeTag(locale), { dateStyle: 'medium', timeZone }).format(at);

const localeTag = (locale: Language): string => (locale === 'ja' ? 'ja-JP' : 'en-US');

export type RenderedMail = { subject: string; html: string; text: string };

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every value a template puts into HTML goes through this: names are user input. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** One message as blocks, rendered both as HTML and as plain text from the same source. */
export type MailBody = {
  locale: Language;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Smaller print under the action (expiry, "if this was not you"). */
  notes?: string[];
};

const FOOTER: Record<Language, (ctx: MailContext) => string> = {
  en: (ctx) => `${ctx.schoolName} · Questions? Write to ${ctx.contactEmail}`,
  ja: (ctx) => `${ctx.schoolName} · お問い合わせ: ${ctx.contactEmail}`,
};

const LINK_HINT: Record<Language, string> = {
  en: 'If the button does not work, copy this address into your browser:',
  ja: 'ボタンが動作しない場合は、次のアドレスをブラウザにコピーしてください:',
};

export function renderBody(body: MailBody, ctx: MailContext): RenderedMail {
  const footer = FOOTER[body.locale](ctx);
  const textParts = [body.greeting, ...body.paragraphs];
  if (body.action) textParts.push(`${body.action.label}: ${body.action.url}`);
  textParts.push(...(body.notes ?? []), `--\n${footer}`);

  const p = (content: string, style = '') =>
    `<p style="margin:0 0 16px;${style}">${escapeHtml(content)}</p>`;
  const action = body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="background:#41D9A0;color:#2b353a;padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(body.action.label)}</a></p>` +
      p(LINK_HINT[body.locale], 'font-size:13px;color:#5f6b70') +
      `<p style="margin:0 0 16px;font-size:13px;word-break:break-all"><a href="${escapeHtml(body.action.url)}">${escapeHtml(body.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${body.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(body.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f6;font-family:'Open Sans',Arial,sans-serif;color:#2b353a">
<div style="max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 24px;color:#2b353a">${escapeHtml(ctx.schoolName)}</h1>
<div style="background:#ffffff;border-radius:8px;padding:24px">
${p(body.greeting)}
${body.paragraphs.map((para) => p(para)).join('\n')}
${action}
${(body.notes ?? []).map((note) => p(note, 'font-size:13px;color:#5f6b70')).join('\n')}
</div>
<p style="font-size:12px;color:#5f6b70;margin:16px 0 0">${escapeHtml(footer)}</p>
</div>
</body>
</html>
`;
  return { subject: body.subject, html, text: `${textParts.join('\n\n')}\n` };
}
