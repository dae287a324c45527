import {
  type KlassGroupDocument,
  type KlassGroupFields,
  type KlassGroupListDocument,
  klassGroupRuleErrors,
  slugify,
  type UpdateKlassGroupBody,
  uniqueIncluded,
  type updateKlassGroupBodySchema,
} from '@atelier/contract';
import type { z } from 'zod';
import { AppError, notFound, ValidationError } from '../../lib/app-error';
import { pageMeta, pageWindow } from '../../lib/http';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import { storedTranslations } from '../../lib/translated-content';
import { seatCountsBySchedule } from '../enrollments';
import { type ClassesContext, groupBy } from './classes.context';
import { adminScheduleResources, loadKlassCounts, loadScheduleExtras } from './classes.loader';
import { klassGroupResource } from './classes.resources';
import {
  countKlassGroupRows,
  deleteKlassGroupRow,
  findKlassGroupRow,
  insertKlassGroupRow,
  isSlugTaken,
  type KlassGroupRow,
  listKlassGroupRows,
  type NewKlassGroupRow,
  updateKlassGroupRow,
} from './klass-groups.repository';
import { scheduleIdsOfGroup, scheduleRowsOfGroups } from './schedules.repository';

type KlassGroupPatch = z.output<typeof updateKlassGroupBodySchema>['klass_group'];

/** A concurrent insert took the slug between the check and the write. */

const slugTaken = () =>
  new ValidationError([{ field: 'slug', detail: 'Already used by another programme' }]);

/**
 * The admin documents of `groups`: each with all its schedules included, with their teachers,
 * plans, add-ons and seat counts. A fixed number of queries whatever the number of groups.
 */
async function adminGroupsWithIncluded(ctx: ClassesContext, groups: KlassGroupRow[]) {
  const schedules = await scheduleRowsOfGroups(
    ctx.db,
    groups.map((g) => g.id),
  );
  const [extras, klassCounts] = await Promise.all([
    loadScheduleExtras(ctx, schedules),
    loadKlassCounts(ctx, schedules),
  ]);
  const { schedules: scheduleResources, related } = await adminScheduleResources(
    ctx,
    schedules,
    extras,
    { klassCounts },
  );
  const byGroup = groupBy(schedules, (s) => s.klassGroupId);
  return {
    data: groups.map((g) =>
      klassGroupResource(
        g,
        (byGroup.get(g.id) ?? []).map((s) => s.id),
        ctx.images.urls,
      ),
    ),
    included: uniqueIncluded([...scheduleResources, ...related]),
  };
}

export async function listKlassGroups(
  ctx: ClassesContext,
  query: { page: number; search?: string; published?: boolean },
): Promise<KlassGroupListDocument> {
  const filter = { search: query.search || undefined, published: query.published };
  const [total, groups] = await Promise.all([
    countKlassGroupRows(ctx.db, filter),
    listKlassGroupRows(ctx.db, filter, pageWindow(query.page)),
  ]);
  const { data, included } = await adminGroupsWithIncluded(ctx, groups);
  return { data, included, meta: pageMeta(query.page, total) };
}

export async function getKlassGroup(ctx: ClassesContext, id: number): Promise<KlassGroupDocument> {
  const group = await findKlassGroupRow(ctx.db, id);
  if (!group) throw notFound('Programme');
  const { data, included } = await adminGroupsWithIncluded(ctx, [group]);
  return { data: data[0] as KlassGroupDocument['data'], included };
}

function checkRules(values: Parameters<typeof klassGroupRuleErrors>[0]) {
  const errors = klassGroupRuleErrors(values);
  if (errors.length > 0) throw new ValidationError(errors);
}

async function uniqueSlug(ctx: ClassesContext, slug: string, exceptId?: number) {
  if (await isSlugTaken(ctx.db, slug, exceptId)) throw slugTaken();
}

export async function createKlassGroup(
  ctx: ClassesContext,
  fields: KlassGroupFields,
): Promise<KlassGroupDocument> {
  checkRules(fields);
  const slug = fields.slug ?? slugify(fields.name);
  if (!slug) {
    throw new ValidationError([
      { field: 'slug', detail: 'Required: the name has no letters to make one from' },
    ]);
  }
  await uniqueSlug(ctx, slug);
  let row: KlassGroupRow;
  try {
    row = await insertKlassGroupRow(ctx.db, {
      name: fields.name,
      slug,
      description: fields.description,
      audience: fields.audience,
      format: fields.format,
      location: fields.location,
      meetingUrl: fields.meeting_url,
      minAge: fields.min_age,
      maxAge: fields.max_age,
      published: fields.published,
      trialPrice: fields.trial_price,
      translations: storedTranslations(fields.translations),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  ctx.changed();
  return getKlassGroup(ctx, row.id);
}

export async function updateKlassGroup(
  ctx: ClassesContext,
  id: number,
  patch: KlassGroupPatch,
): Promise<KlassGroupDocument> {
  const current = await findKlassGroupRow(ctx.db, id);
  if (!current) throw notFound('Programme');
  const merged = {
    format: patch.format ?? current.format,
    location: patch.location !== undefined ? patch.location : current.location,
    meeting_url: patch.meeting_url !== undefined ? patch.meeting_url : current.meetingUrl,
    min_age: patch.min_age !== undefined ? patch.min_age : current.minAge,
    max_age: patch.max_age !== undefined ? patch.max_age : current.maxAge,
  };
  checkRules(merged);
  if (patch.slug !== undefined && patch.slug !== current.slug)
    await uniqueSlug(ctx, patch.slug, id);
  const values: Partial<NewKlassGroupRow> = {
    name: patch.name,
    slug: patch.slug,
    description: patch.description,
    audience: patch.audience,
    format: patch.format,
    location: patch.location,
    meetingUrl: patch.meeting_url,
    minAge: patch.min_age,
    maxAge: patch.max_age,
    published: patch.published,
    trialPrice: patch.trial_price,
    translations: patch.translations && storedTranslations(patch.translations),
  };
  try {
    await updateKlassGroupRow(ctx.db, id, values);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  ctx.changed();
  return getKlassGroup(ctx, id);
}

const hasEnrollments = (n: number) =>
  new AppError(
    'conflict',
    `This programme cannot be deleted: it has ${n} enrollment${n === 1 ? '' : 's'}. Archive it instead by unpublishing it.`,
    { enrollments: n },
  );

/**
 * Deletes a programme with its schedules and sessions (docs/product.md#client-state), unless someone is or was enrolled
 * in one of its schedules: that history stays, and the programme is archived by unpublishing it.
 */
export async function deleteKlassGroup(ctx: ClassesContext, id: number): Promise<void> {
  const group = await findKlassGroupRow(ctx.db, id);
  if (!group) throw notFound('Programme');
  const scheduleIds = await scheduleIdsOfGroup(ctx.db, id);
  const seats = await seatCountsBySchedule(ctx.db, scheduleIds, ctx.now());
  const enrollments = [...seats.values()].reduce((n, c) => n + c.enrollmentsTotal, 0);
  if (enrollments > 0) throw hasEnrollments(enrollments);
  try {
    await deleteKlassGroupRow(ctx.db, id);
  } catch (error) {
    // Someone enrolled between the check and the delete: the foreign key refuses.
    if (isForeignKeyViolation(error)) throw hasEnrollments(1);
    throw error;
  }
  if (group.imageKey) await ctx.images.deleteImage(group.imageKey);
  ctx.changed();
}

/** Replaces the programme's image with an upload (re-encoded, metadata stripped). */
export async function setKlassGroupImage(
  ctx: ClassesContext,
  id: number,
  data: Buffer,
): Promise<KlassGroupDocument> {
  const group = await findKlassGroupRow(ctx.db, id);
  if (!group) throw notFound('Programme');
  const stored = await ctx.images.storeImage(data, { kind: 'klass-groups', field: 'image' });
  const updated = await updateKlassGroupRow(ctx.db, id, { imageKey: stored.key });
  if (!updated) {
    // Deleted meanwhile: do not leave the files behind.
    await ctx.images.deleteImage(stored.key);
    throw notFound('Programme');
  }
  if (group.imageKey) await ctx.images.deleteImage(group.imageKey);
  ctx.changed();
  return getKlassGroup(ctx, id);
}

export async function removeKlassGroupImage(
  ctx: ClassesContext,
  id: number,
): Promise<KlassGroupDocument> {
  const group = await findKlassGroupRow(ctx.db, id);
  if (!group) throw notFound('Programme');
  if (group.imageKey) {
    await updateKlassGroupRow(ctx.db, id, { imageKey: null });
    await ctx.images.deleteImage(group.imageKey);
    ctx.changed();
  }
  return getKlassGroup(ctx, id);
}

export type { UpdateKlassGroupBody };
