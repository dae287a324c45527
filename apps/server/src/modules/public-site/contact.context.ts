import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { createRateLimiter, type RateLimiter } from '../../plugins/rate-limit';
import type { RateLimitStore } from '../../plugins/rate-limit-store';

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

/** What the contact form's service needs from the app (docs/architecture.md#public-site). */
export type ContactContext = {
  db: Db;
  mailer: Mailer;
  /** Where messages go: the school's contact address (CONTACT_EMAIL). */
  schoolEmail: string;
  limiters: { perIp: RateLimiter; perEmail: RateLimiter };
};

/** The contact context; its limits count in the app's store (shared by every process with Redis). */
export function contactContextOf(deps: {
  db: Db;
  mailer: Mailer;
  rateLimits: RateLimitStore;
  schoolEmail: string;
}): ContactContext {
  return {
    db: deps.db,
    mailer: deps.mailer,
    schoolEmail: deps.schoolEmail,
    limiters: {
      perIp: createRateLimiter({ name: 'contact-ip', ...CONTACT_LIMITS.perIp }, deps.rateLimits),
      perEmail: createRateLimiter(
        { name: 'contact-email', ...CONTACT_LIMITS.perEmail },
        deps.rateLimits,
      ),
    },
  };
}
