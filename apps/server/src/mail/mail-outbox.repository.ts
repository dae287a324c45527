import { and, asc, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { type MailOutboxRow, mailOutbox } from './mail.tables';

/** A queued mail as the outbox holds it: the worker and the transport read rows, not the table. */
export type { MailOutboxRow };

/** Anything that can run a statement: the database, or an open transaction. */
export type DbExecutor = Db | Tx;

export type NewMail = Pick<
  MailOutboxRow,
  'toAddress' | 'template' | 'locale' | 'subject' | 'html' | 'text'
> &
  Partial<Pick<MailOutboxRow, 'headers'>>;

export async function insertMail(executor: DbExecutor, mail: NewMail): Promise<number> {
  const [row] = await executor.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail_outbox insert returned no row');
  return row.id;
}

/**
 * Claims up to `limit` due rows and pushes their due time a lease ahead, in one statement.
 * `FOR UPDATE SKIP LOCKED` lets several workers (processes) poll the same table without taking
 * the same row; the lease covers the send itself, which happens outside any transaction so a
 * slow SMTP server never holds a database connection (or PGlite's single one) open.
 */
export async function claimDueMail(
  db: Db,
  options: { limit: number; leaseMs: number },
): Promise<MailOutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${options.leaseMs / 1000})`,
    })
    .where(and(inArray(mailOutbox.id, due), eq(mailOutbox.status, 'pending')))
    .returning();
}

export async function markMailSent(db: Db, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** Records a failed attempt: due again after `retryInMs`, or given up (`failed`) when null. */
export async function markMailAttemptFailed(
  db: Db,
  id: number,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryInMs === null
        ? { status: 'failed', lastError: error }
        : {
            lastError: error,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
          },
    )
    .where(eq(mailOutbox.id, id));
}

/** Sent mail is kept a while for support questions, then dropped: it holds one-time links. */
export async function deleteSentMailBefore(db: Db, before: Date): Promise<void> {
  await db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, before)));
}

export async function findLatestMailTo(
  db: Db,
  address: string,
  template?: string,
): Promise<MailOutboxRow | undefined> {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.toAddress, address.trim().toLowerCase()),
        template ? eq(mailOutbox.template, template) : undefined,
      ),
    )
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}

export async function findMailTo(db: Db, address: string): Promise<MailOutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address.trim().toLowerCase()))
    .orderBy(asc(mailOutbox.id));
}

export async function findMailById(db: Db, id: number): Promise<MailOutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

/**
 * Removes every mail to an address, sent or not (a deleting family's: the messages name them and
 * their children). Mail queued for them after this is not affected.
 */
export async function eraseMailTo(
  tx: Tx,
  address: string,
  templates?: readonly string[],
): Promise<void> {
  const to = eq(mailOutbox.toAddress, address.trim().toLowerCase());
  await tx
    .delete(mailOutbox)
    .where(templates ? and(to, inArray(mailOutbox.template, [...templates])) : to);
}
