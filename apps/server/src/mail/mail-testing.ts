import type { FastifyInstance } from 'fastify';
import { linksIn } from './dev-mail.routes';
import type { MailOutboxRow } from './mail-outbox.repository';
import { findLatestMailTo, findMailTo } from './mail-outbox.repository';
import type { MailTemplateName } from './templates';

export type ReceivedMail = MailOutboxRow & { links: string[] };

const withLinks = (row: MailOutboxRow): ReceivedMail => ({ ...row, links: linksIn(row.text) });

/**
 * Test helper: delivers everything due, then returns the newest mail queued for `address`
 * (optionally of one template), or undefined. Server tests read the outbox with it; end-to-end
 * tests read `/dev/mail/latest.json?to=` instead.
 */
export async function latestMail(
  app: FastifyInstance,
  address: string,
  template?: MailTemplateName,
): Promise<ReceivedMail | undefined> {
  await app.mail.worker.drain();
  const row = await findLatestMailTo(app.db, address, template);
  return row && withLinks(row);
}

/** Every mail queued for `address`, oldest first (after delivering what is due). */
export async function mailTo(app: FastifyInstance, address: string): Promise<ReceivedMail[]> {
  await app.mail.worker.drain();
  return (await findMailTo(app.db, address)).map(withLinks);
}

/** The last path segment of the first link in `mail` whose path contains `pathPart`. */
export function tokenFromMail(mail: ReceivedMail | undefined, pathPart: string): string {
  const link = mail?.links.find((l) => l.includes(pathPart));
  if (!link) throw new Error(`no link containing ${pathPart} in ${mail?.template ?? 'no mail'}`);
  const url = new URL(link);
  const fromQuery = [...url.searchParams.values()].at(-1);
  return url.search && fromQuery
    ? fromQuery
    : (url.pathname.split('/').filter(Boolean).at(-1) ?? '');
}
