import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { createRateLimiter, type RateLimiter } from '../../plugins/rate-limit';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import { CONTACT_LIMITS } from './contact.service';

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
