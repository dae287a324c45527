import { appLink, type Language, WAITLIST_PAGES } from '@atelier/contract';
import { type MailBody, type MailContext, renderBody } from './layout';

export type WaitlistOfferParams = {
  name: string;
  programme: string;
  schedule: string;
  slug: string;
  seats: number;
  /** ISO instant the offer ends, shown in the schedule's time zone. */
  expiresAt: string;
  timeZone: string;
};

/** Seats freed in a full class are held for the family (docs/product.md#waitlist). */
export function waitlistOfferMail(locale: Language, params: WaitlistOfferParams, ctx: MailContext) {
  const url = appLink(ctx.appUrl, WAITLIST_PAGES.bookKlassGroup(params.slug));
  const until = new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-US', {
    timeZone: params.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(params.expiresAt));
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `${ctx.schoolName}: a place is free in ${params.programme}`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        `${params.seats === 1 ? 'A seat' : `${params.seats} seats`} in ${params.programme} (${params.schedule}) came free, and we are holding ${params.seats === 1 ? 'it' : 'them'} for you.`,
      ],
      action: { label: 'Book now', url },
      notes: [
        `The offer is yours until ${until}. After that the seats go to the next family waiting.`,
      ],
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} ${params.programme} に空きが出ました`,
      greeting: `${params.name} 様`,
      paragraphs: [
        `${params.programme}(${params.schedule})に${params.seats}席の空きが出ました。お客様のために確保しています。`,
      ],
      action: { label: '今すぐ予約する', url },
      notes: [`${until} まで確保します。それを過ぎると次にお待ちのご家族にご案内します。`],
    },
  };
  return renderBody(bodies[locale], ctx);
}
