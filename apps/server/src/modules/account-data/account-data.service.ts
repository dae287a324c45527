import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ACCOUNT_DATA_API,
  ACCOUNT_DATA_MESSAGES,
  ACCOUNT_DELETION_LINK_LIFETIME_S,
  ACCOUNT_EXPORT_LINK_LIFETIME_S,
  deletedFamilyName,
  type Language,
} from '@atelier/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, forbidden, notFound, ValidationError } from '../../lib/app-error';
import { rateLimited } from '../../plugins/rate-limit';
import { eraseAccountTokens, hashAccountToken, newAccountToken } from '../accounts';
import { eraseFamilySignatures } from '../agreements';
import { eraseBillingOf } from '../billing';
import { pickupPhotoIdsOfChildren } from '../child-care';
import { eraseEnrollmentsOf, eraseSessionSeatsOf } from '../enrollments';
import { eraseGuardianLinksOf, familyActedForBy } from '../family';
import { eraseFamilyGallery } from '../gallery';
import { eraseImageRows } from '../media';
import { eraseMessagesOf } from '../messages';
import { eraseNotificationsOf } from '../notifications';
import { anonymiseOrderAttendees } from '../orders';
import { erasePassPurchasesOf } from '../passes';
import {
  anonymiseUserRow,
  attendeeIdsForErasure,
  eraseAttendeeProfiles,
  userById,
  verifyPassword,
} from '../users';
import type { AccountDataContext } from './account-data.context';
import {
  type AccountExportRow,
  claimDueExport,
  eraseExports,
  expiredExports,
  findExportByToken,
  forgetExportFile,
  insertDeletionRequest,
  insertExport,
  lockDeletionRequest,
  markDeletionRequestUsed,
  markExportFailed,
  markExportReady,
} from './account-data.repository';
import { collectExport, imageCountOf, zipBuffer, zipStream } from './family-export';

const asLanguage = (value: string | null | undefined): Language => (value === 'ja' ? 'ja' : 'en');
const EXPORT_LEASE_MS = 10 * 60_000;
const EXPORT_MAX_ATTEMPTS = 5;

export const exportFileName = (userId: number, at: Date) =>
  `atelier-data-${userId}-${at.toISOString().slice(0, 10)}.zip`;

export type ExportAnswer =
  | { kind: 'direct'; fileName: string; stream: Readable }
  | { kind: 'queued'; job: AccountExportRow };

/**
 * A family's data (docs/product.md#your-data): answered at once as a streamed ZIP, or, above
 * `directMaxImages` images, queued as a durable job whose link is mailed when it is built. A
 * guardian exports the family they act for (decision 071): `familyId` is that family, `userId`
 * the person asking, who owns the job and receives its mail.
 */
export async function exportAccount(
  ctx: AccountDataContext,
  who: { familyId: number; userId: number },
): Promise<ExportAnswer> {
  const entries = await collectExport(ctx.db, who.familyId, who.userId);
  if (imageCountOf(entries) <= ctx.directMaxImages) {
    return {
      kind: 'direct',
      fileName: exportFileName(who.familyId, ctx.now()),
      stream: zipStream(entries, ctx.storage),
    };
  }
  return { kind: 'queued', job: await insertExport(ctx.db, who.userId) };
}

/** Builds one claimed export job, stores the ZIP privately and mails the family its link. */
async function buildExport(ctx: AccountDataContext, job: AccountExportRow): Promise<void> {
  const user = await userById(ctx.db, job.userId);
  if (!user) return;
  // The job is the asker's; the family is the one they act for when it is built.
  const familyId = await familyActedForBy(ctx.db, job.userId);
  const zip = await zipBuffer(await collectExport(ctx.db, familyId, job.userId), ctx.storage);
  const fileKey = `exports/${randomUUID()}.zip`;
  await ctx.storage.put(fileKey, zip, 'application/zip');
  const token = newAccountToken();
  const expiresAt = new Date(ctx.now().getTime() + ACCOUNT_EXPORT_LINK_LIFETIME_S * 1000);
  const done = await ctx.db.transaction(async (tx) => {
    const ready = await markExportReady(tx, job.id, {
      fileKey,
      tokenHash: hashAccountToken(token),
      expiresAt,
    });
    if (!ready) return false;
    await ctx.mailer.queue(tx, {
      to: user.email,
      locale: asLanguage(user.locale),
      template: 'account_export_ready',
      params: {
        name: user.name,
        url: `${ctx.appUrl.replace(/\/$/, '')}${ACCOUNT_DATA_API.exportDownload(token)}`,
      },
    });
    return true;
  });
  // Another process finished it first (its lease ran out while this one was building).
  if (!done) await ctx.storage.delete(fileKey).catch(() => undefined);
  ctx.mailer.wake();
}

/**
 * One pass of the export sweep (any process may run it at any time): builds the due jobs one at
 * a time and removes the files of links that have run out.
 */
export async function runExportSweep(
  ctx: AccountDataContext,
  log?: FastifyBaseLogger,
): Promise<number> {
  let built = 0;
  for (;;) {
    const job = await claimDueExport(ctx.db, ctx.now(), EXPORT_LEASE_MS);
    if (!job) break;
    try {
      await buildExport(ctx, job);
      built += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log?.error({ err: error, exportId: job.id }, 'account export failed');
      const retry =
        job.attempts < EXPORT_MAX_ATTEMPTS ? new Date(ctx.now().getTime() + 60_000) : null;
      await markExportFailed(ctx.db, job.id, message, retry);
    }
  }
  for (const old of await expiredExports(ctx.db, ctx.now())) {
    if (old.fileKey) await ctx.storage.delete(old.fileKey);
    await forgetExportFile(ctx.db, old.id);
  }
  return built;
}

/** The ZIP of a mailed export link: 404 for a link that never was, 410 once it has run out. */
export async function downloadExport(
  ctx: AccountDataContext,
  token: string,
): Promise<{ fileName: string; data: Buffer }> {
  const row = await findExportByToken(ctx.db, hashAccountToken(token));
  if (row?.status !== 'ready') {
    throw new AppError('not_found', 'This download link is not valid.', { reason: 'invalid' });
  }
  if (!row.fileKey || !row.expiresAt || row.expiresAt.getTime() <= ctx.now().getTime()) {
    throw new AppError('gone', 'This download link has expired. Ask for a new copy.', {
      reason: 'expired',
    });
  }
  const data = await ctx.storage.get(row.fileKey);
  if (!data) throw notFound('Export');
  return { fileName: exportFileName(row.userId, row.createdAt), data };
}

/**
 * Starts deleting an account: the password is asked again, then a link is mailed; nothing is
 * deleted until it is opened, so a forgotten open session cannot delete a family.
 */
export async function requestDeletion(
  ctx: AccountDataContext,
  userId: number,
  password: string,
): Promise<void> {
  const user = await userById(ctx.db, userId);
  if (!user) throw notFound('User');
  // Staff accounts own schedules, messages and decisions of the school: an admin closes them.
  if (user.role !== 'student') throw forbidden('Only a family account can be deleted this way.');
  const key = String(user.id);
  const hit = await ctx.passwordChecks.hit(key);
  if (!hit.allowed) throw rateLimited(hit.retryAfterS, 'password attempts for this account');
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new ValidationError([
      { field: 'password', detail: ACCOUNT_DATA_MESSAGES.passwordIncorrect },
    ]);
  }
  await ctx.passwordChecks.reset(key);
  const token = newAccountToken();
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await insertDeletionRequest(
      tx,
      {
        userId: user.id,
        tokenHash: hashAccountToken(token),
        expiresAt: new Date(at.getTime() + ACCOUNT_DELETION_LINK_LIFETIME_S * 1000),
      },
      at,
    );
    await ctx.mailer.queue(tx, {
      to: user.email,
      locale: asLanguage(user.locale),
      template: 'account_deletion_confirm',
      params: { name: user.name, token },
    });
  });
  ctx.mailer.wake();
}

/**
 * Deletes a family from the mailed link, in one transaction: what names them or their children
 * goes; their orders and ledger entries stay for the school's accounts under "Deleted family #id"
 * (docs/decisions/072-a-familys-data-is-theirs.md). Stored files go after the commit.
 */
export async function confirmDeletion(ctx: AccountDataContext, token: string): Promise<void> {
  const at = ctx.now();
  const { userId, files, avatarKey, guardianIds } = await ctx.db.transaction(async (tx) => {
    const request = await lockDeletionRequest(tx, hashAccountToken(token));
    if (!request) {
      throw new AppError(
        'not_found',
        'This link is not valid. Check that you opened the whole link from the e-mail.',
        { reason: 'invalid' },
      );
    }
    if (request.usedAt) {
      throw new AppError('gone', 'This link has already been used.', { reason: 'used' });
    }
    if (request.expiresAt.getTime() <= at.getTime()) {
      throw new AppError('gone', 'This link has expired. Ask for a new one.', {
        reason: 'expired',
      });
    }
    await markDeletionRequestUsed(tx, request.id, at);
    const user = await userById(tx, request.userId);
    if (!user) throw notFound('User');
    const erased = await eraseFamily(ctx, tx, user);
    return { userId: user.id, ...erased, avatarKey: user.avatarKey };
  });
  await ctx.sessions.revokeAllSessions(userId);
  ctx.sessions.forgetUser(userId);
  // The family's guardians act for their own account again from their next request.
  for (const id of guardianIds) ctx.sessions.forgetUser(id);
  // A file that cannot be removed now stays an orphan nobody can reach (no row names it).
  await Promise.all(files.map((path) => ctx.storage.delete(path).catch(() => undefined)));
  if (avatarKey) await ctx.images.deleteImage(avatarKey).catch(() => undefined);
}

type Tx = Parameters<Parameters<AccountDataContext['db']['transaction']>[0]>[0];

/**
 * THE ERASURE STEP: everything a deleted family leaves behind, in order, inside the confirming
 * transaction. Tables that refer to attendee_profiles ON DELETE CASCADE (attendance, gallery posts,
 * cart attendees, a child's card: emergency contacts, allergies and notes, pickup people, the
 * medical access log; per-child agreement signatures) go with the profiles without a line here; a
 * module whose rows name the family by user id (the user row is kept, so its cascades never fire)
 * or that points at images adds its erase call below.
 *
 * A guardian deleting their account deletes only their own: their own account's family (often
 * empty), their personal data and their guardian link; the family they act for stays whole, and
 * signatures they signed for it stay as that family's record (decision 071).
 */
async function eraseFamily(
  ctx: AccountDataContext,
  tx: Tx,
  user: { id: number; email: string },
): Promise<{ files: string[]; guardianIds: number[] }> {
  const label = deletedFamilyName(user.id);
  const attendeeProfileIds = await attendeeIdsForErasure(tx, user.id);
  const imageIds = await eraseFamilyGallery(tx, { userId: user.id, attendeeProfileIds });
  // Pickup photos point at images ON DELETE SET NULL: read them before the profiles go.
  const pickupPhotoIds = await pickupPhotoIdsOfChildren(tx, attendeeProfileIds);
  const imageFiles = await eraseImageRows(tx, [...imageIds, ...pickupPhotoIds]);
  await eraseFamilySignatures(tx, user.id);
  const { guardianIds, addresses } = await eraseGuardianLinksOf(tx, user.id);
  for (const address of addresses) await ctx.mailer.forgetFamilyCopies(tx, address);
  await eraseEnrollmentsOf(tx, attendeeProfileIds);
  // Monthly tuition stops and the saved cards go (docs/decisions/075-monthly-tuition-and-billing-runs.md).
  await eraseBillingOf(tx, user.id, label, ctx.now());
  await eraseSessionSeatsOf(tx, user.id);
  // Their class passes and the visits booked with them (the user row stays: no cascade).
  await erasePassPurchasesOf(tx, user.id);
  await anonymiseOrderAttendees(tx, attendeeProfileIds, label);
  await eraseMessagesOf(tx, user.id);
  await eraseNotificationsOf(tx, user.id);
  await eraseAttendeeProfiles(tx, user.id);
  await eraseAccountTokens(tx, user.id);
  const exportFiles = await eraseExports(tx, user.id);
  // A guardian's prepared export of this family holds its data too.
  for (const id of guardianIds) exportFiles.push(...(await eraseExports(tx, id)));
  await ctx.mailer.forget(tx, user.email);
  await anonymiseUserRow(tx, user.id, {
    name: label,
    // `.invalid` never receives mail (RFC 2606); the real address is free to register again.
    email: `deleted-family-${user.id}@deleted.invalid`,
    at: ctx.now(),
  });
  return { files: [...imageFiles, ...exportFiles], guardianIds };
}
