import type { Language } from '@atelier/contract';
import { escapeHtml } from '../../mail/templates/layout';

/** What the unsubscribe page says, in the family's language. */
export type UnsubscribePageState = 'confirm' | 'done' | 'invalid';

const STRINGS: Record<
  Language,
  Record<UnsubscribePageState, { title: string; text: string }> & { button: string }
> = {
  en: {
    confirm: {
      title: 'Stop class reminders?',
      text: 'You will no longer get a reminder before your classes, nor the weekly digest. You can turn them back on in your account settings.',
    },
    done: {
      title: 'Class reminders are off',
      text: 'You will no longer get class reminders. You can turn them back on in your account settings.',
    },
    invalid: {
      title: 'This link does not work',
      text: 'The link may have been cut off. Turn class reminders off in your account settings instead.',
    },
    button: 'Turn reminders off',
  },
  ja: {
    confirm: {
      title: 'クラスのリマインダーを停止しますか?',
      text: 'クラス前のリマインダーと週間まとめが届かなくなります。アカウント設定からいつでも再開できます。',
    },
    done: {
      title: 'クラスのリマインダーを停止しました',
      text: 'リマインダーは今後届きません。アカウント設定からいつでも再開できます。',
    },
    invalid: {
      title: 'このリンクは使えません',
      text: 'リンクが途中で切れている可能性があります。アカウント設定からリマインダーを停止してください。',
    },
    button: 'リマインダーを停止する',
  },
};

/** The page's own policy: its inline style and a form posted back to this site, nothing else. */
export const UNSUBSCRIBE_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * A small server-rendered page (no sign-in, no app): the GET of a mailed link asks for a click, so
 * a mail scanner that follows links turns nothing off; the button posts back to the same link.
 */
export function unsubscribePage(
  locale: Language,
  state: UnsubscribePageState,
  action: string,
): string {
  const t = STRINGS[locale];
  const { title, text } = t[state];
  const form =
    state === 'confirm'
      ? `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(t.button)}</button></form>`
      : '';
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title>
<style>body{font-family:'Open Sans',Arial,sans-serif;color:#2b353a;background:#f4f6f6;margin:0}
main{max-width:560px;margin:48px auto;background:#fff;border-radius:8px;padding:24px}
button{background:#41D9A0;color:#2b353a;border:0;padding:12px 20px;border-radius:4px;font-weight:bold;font-size:16px;cursor:pointer}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${form}</main></body></html>`;
}
