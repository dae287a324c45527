import { type ContactBody, DEFAULT_LANGUAGE, type Language } from '@atelier/contract';
import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { createRateLimiter, rateLimited } from '../../plugins/rate-limit';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import { runInTransaction } from './contact.repository';

const HOUR_MS = 60 * 60_000;

/**
 * How many messages the contact form sends, per client IP and per sender address. The form is
 * anonymous, so these are what keep it from being used to flood the school's mailbox or, through
 * the confirmations, someone else's (docs/product.md#public-site).
 */
export const CONTACT_LIMITS = {
  perIp: { limit: 5, windowMs: HOUR_MS },
  perEmail: { limit: 3, windowMs: HOUR_MS },
} as const;

export type ContactDeps = {
  db: Db;
  mailer: Mailer;
  /** The app's rate-limit store (shared by every process when REDIS_URL is set). */
  rateLimits: RateLimitStore;
  /** Where messages go: the school's contact address (CONTACT_EMAIL). */
  schoolEmail: string;
};

export type ContactService = {
  /**
   * Mails the message to the school (in the school's language) and a confirmation to the sender
   * (in `lang`, the page's), through the outbox. Throws the 429 AppError when the IP or the address
   * has sent too many.
   */
  send(message: ContactBody, lang: Language, ip: string): Promise<void>;
};

export function createContactService(deps: ContactDeps): ContactService {
  const byIp = createRateLimiter({ name: 'contact-ip', ...CONTACT_LIMITS.perIp }, deps.rateLimits);
  const byEmail = createRateLimiter(
    { name: 'contact-email', ...CONTACT_LIMITS.perEmail },
    deps.rateLimits,
  );

  return {
    async send(message, lang, ip) {
      const ipHit = await byIp.hit(ip);
      if (!ipHit.allowed) throw rateLimited(ipHit.retryAfterS, 'messages from your network');
      const emailHit = await byEmail.hit(message.email);
      if (!emailHit.allowed) {
        // The address is what was refused: this network keeps its allowance.
        await byIp.refund(ip);
        throw rateLimited(emailHit.retryAfterS, 'messages from this e-mail address');
      }
      await runInTransaction(deps.db, async (tx) => {
        await deps.mailer.queue(tx, {
          to: deps.schoolEmail,
          locale: DEFAULT_LANGUAGE,
          template: 'contact_message',
          params: { ...message, senderLanguage: lang },
        });
        await deps.mailer.queue(tx, {
          to: message.email,
          locale: lang,
          template: 'contact_received',
          params: { name: message.name },
        });
      });
      deps.mailer.wake();
    },
  };
}
