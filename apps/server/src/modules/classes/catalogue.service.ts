import type {
  CatalogueKlassGroupDocument,
  CatalogueListDocument,
  CatalogueQuery,
  CatalogueScheduleDocument,
  Language,
} from '@atelier/contract';
import { uniqueIncluded } from '@atelier/contract';
import { notFound } from '../../lib/app-error';
import { pageMeta, pageWindow } from '../../lib/http';
import { inLanguage } from '../../lib/translated-content';
import { type ClassesContext, groupBy } from './classes.context';
import { publicScheduleResources, schoolToday } from './classes.loader';
import { publicKlassGroupResource } from './classes.resources';
import {
  countKlassGroupRows,
  findKlassGroupRowBySlug,
  type KlassGroupRow,
  listKlassGroupRows,
} from './klass-groups.repository';
import { findScheduleWithGroup, scheduleRowsOfGroups } from './schedules.repository';

// The public catalogue: published programmes only, schedules not over yet, and nothing a guest
// should not see (meeting links, e-mail addresses, capacity and seat internals). What the school
// wrote comes in the reader's language, each field falling back to the default language's.

const GROUP_TEXT = ['name', 'description'] as const;

const publicGroup = (
  ctx: ClassesContext,
  group: KlassGroupRow,
  ids: number[],
  language: Language,
) => publicKlassGroupResource(inLanguage(group, language, GROUP_TEXT), ids, ctx.images.urls);

async function publicGroupsWithIncluded(
  ctx: ClassesContext,
  groups: KlassGroupRow[],
  language: Language,
) {
  const schedules = await scheduleRowsOfGroups(
    ctx.db,
    groups.map((g) => g.id),
    { endingFrom: schoolToday(ctx) },
  );
  const { schedules: scheduleResources, related } = await publicScheduleResources(
    ctx,
    schedules,
    language,
  );
  const byGroup = groupBy(schedules, (s) => s.klassGroupId);
  return {
    data: groups.map((g) =>
      publicGroup(
        ctx,
        g,
        (byGroup.get(g.id) ?? []).map((s) => s.id),
        language,
      ),
    ),
    included: uniqueIncluded([...scheduleResources, ...related]),
  };
}

/** One page of published programmes with everything the catalogue shows: 8 queries. */
export async function catalogueList(
  ctx: ClassesContext,
  query: Omit<CatalogueQuery, 'page'> & { page: number },
  language: Language,
): Promise<CatalogueListDocument> {
  const filter = { published: true, audience: query.audience, format: query.format };
  const [total, groups] = await Promise.all([
    countKlassGroupRows(ctx.db, filter),
    listKlassGroupRows(ctx.db, filter, pageWindow(query.page)),
  ]);
  const { data, included } = await publicGroupsWithIncluded(ctx, groups, language);
  return { data, included, meta: pageMeta(query.page, total) };
}

/** A published programme by its slug (the public menu links by slug). */
export async function catalogueKlassGroup(
  ctx: ClassesContext,
  slug: string,
  language: Language,
): Promise<CatalogueKlassGroupDocument> {
  const group = await findKlassGroupRowBySlug(ctx.db, slug);
  if (!group?.published) throw notFound('Programme');
  const { data, included } = await publicGroupsWithIncluded(ctx, [group], language);
  return { data: data[0] as CatalogueKlassGroupDocument['data'], included };
}

/** One schedule of a published programme, with its programme included (booking pages). */
export async function catalogueSchedule(
  ctx: ClassesContext,
  id: number,
  language: Language,
): Promise<CatalogueScheduleDocument> {
  const found = await findScheduleWithGroup(ctx.db, id);
  if (!found?.group.published) throw notFound('Schedule');
  const { schedules, related } = await publicScheduleResources(ctx, [found.schedule], language);
  return {
    data: schedules[0] as CatalogueScheduleDocument['data'],
    included: uniqueIncluded([
      publicGroup(ctx, found.group, [found.schedule.id], language),
      ...related,
    ]),
  };
}
