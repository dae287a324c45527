import { type ContactBody, DEFAULT_LANGUAGE, type Language } from '@atelier/contract';
import { rateLimited } from '../../plugins/rate-limit';
import type { ContactContext } from './contact.context';

export { CONTACT_LIMITS } from './contact.context';

import { runInTransaction } from './contact.repository';

/**
 * Mails the message to the school (in the school's language) and a confirmation to the sender
 * (in `lang`, the page's), through the outbox. Throws the 429 AppError when the IP or the address
 * has sent too many.
 */
export async function sendContactMessage(
  ctx: ContactContext,
  message: ContactBody,
  lang: Language,
  ip: string,
): Promise<void> {
  const { perIp, perEmail } = ctx.limiters;
  const ipHit = await perIp.hit(ip);
  if (!ipHit.allowed) throw rateLimited(ipHit.retryAfterS, 'messages from your network');
  const emailHit = await perEmail.hit(message.email);
  if (!emailHit.allowed) {
    // The address is what was refused: this network keeps its allowance.
    await perIp.refund(ip);
    throw rateLimited(emailHit.retryAfterS, 'messages from this e-mail address');
  }
  await runInTransaction(ctx.db, async (tx) => {
    await ctx.mailer.queue(tx, {
      to: ctx.schoolEmail,
      locale: DEFAULT_LANGUAGE,
      template: 'contact_message',
      params: { ...message, senderLanguage: lang },
    });
    await ctx.mailer.queue(tx, {
      to: message.email,
      locale: lang,
      template: 'contact_received',
      params: { name: message.name },
    });
  });
  ctx.mailer.wake();
}
