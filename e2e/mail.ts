import type { APIRequestContext } from '@playwright/test';
import { APP, expect } from './fixtures';

// Mail read back from the server's outbox through /dev/mail (never in production), for the specs
// that follow a mailed link.

export type MailSummary = { id: string; to: string; subject: string; template: string };
export type Mail = MailSummary & { text: string; links: string[] };

let sequence = 0;
/** An address no other test (or earlier run on the same database) uses. */
export function freshEmail(tag: string): string {
  sequence += 1;
  return `${tag}-${Date.now().toString(36)}-${sequence}@accounts.test`;
}

/**
 * Waits for a mail of `template` to `to` that is not one of `seen` (the worker delivers within a
 * moment of the request) and returns it with the links in its text.
 */
export async function nextMail(
  request: APIRequestContext,
  to: string,
  template: string,
  seen: Set<string> = new Set(),
): Promise<Mail> {
  let found: MailSummary | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/mail/messages.json?to=${encodeURIComponent(to)}`);
        const { data } = (await response.json()) as { data: MailSummary[] };
        found = data.find((m) => m.template === template && !seen.has(m.id));
        return found?.id ?? null;
      },
      { message: `a ${template} mail to ${to}`, timeout: 15_000 },
    )
    .not.toBeNull();
  const mail = found as MailSummary;
  seen.add(mail.id);
  const response = await request.get(`/dev/mail/${mail.id}/json`);
  return ((await response.json()) as { data: Mail }).data;
}

/** The link of `mail` that opens an app page starting with `pathPrefix` (e.g. '/register/'). */
export function linkIn(mail: Mail, pathPrefix: string): string {
  const link = mail.links.find((l) => new URL(l).pathname.startsWith(`${APP}${pathPrefix}`));
  if (!link) throw new Error(`no ${pathPrefix} link in "${mail.subject}": ${mail.links.join(' ')}`);
  const url = new URL(link);
  // Links are built from APP_URL; open them on the server under test whatever its host name.
  return `${url.pathname}${url.search}`;
}
