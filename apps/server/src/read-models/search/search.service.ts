import {
  SEARCH_GROUP_LIMIT,
  SEARCH_PAGES,
  type SearchDocument,
  type SearchGroup,
  type SearchResultResource,
} from '@atelier/contract';
import type { Viewer } from '../../lib/http';
import type { SearchContext } from './search.context';
import {
  findOrders,
  findProgrammes,
  findStudents,
  findUsersOfRole,
  foldKeyword,
  latestSchedules,
} from './search.queries';

// The search dialog (docs/product.md#search, decision 042). Which groups a viewer searches follows
// what their role may open: the booking page is everyone's, a student's gallery page a teacher's
// for the students they teach, customers and order management are admins' pages.

/** The groups searched for a viewer (null: a visitor), in the dialog's order. */
export function groupsFor(viewer: Viewer | null): SearchGroup[] {
  if (viewer?.role === 'admin') return ['programmes', 'students', 'families', 'teachers', 'orders'];
  if (viewer?.role === 'teacher') return ['programmes', 'students'];
  return ['programmes'];
}

/** The order number a keyword may be (`42`, `#42`), within the id column's range. */
export function orderNumberOf(keyword: string): number | null {
  const match = /^#?(\d{1,10})$/.exec(keyword);
  const n = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** Up to SEARCH_GROUP_LIMIT results per group the viewer may search, each with the page it opens. */
export async function search(
  ctx: SearchContext,
  viewer: Viewer | null,
  keyword: string,
): Promise<SearchDocument> {
  const { db } = ctx;
  const groups = groupsFor(viewer);
  const needle = foldKeyword(keyword);
  const limit = SEARCH_GROUP_LIMIT;
  const admin = viewer?.role === 'admin';
  const wanted = (group: SearchGroup) => groups.includes(group);

  const [programmes, students, families, teachers, orders] = await Promise.all([
    findProgrammes(db, needle, { unpublished: admin, limit }),
    wanted('students')
      ? findStudents(db, needle, { teacherId: admin ? null : (viewer?.id ?? null), limit })
      : [],
    wanted('families') ? findUsersOfRole(db, needle, { role: 'student', limit }) : [],
    wanted('teachers') ? findUsersOfRole(db, needle, { role: 'teacher', limit }) : [],
    wanted('orders') ? findOrders(db, needle, { number: orderNumberOf(keyword), limit }) : [],
  ]);
  const taught = await latestSchedules(
    db,
    teachers.map((t) => t.id),
  );

  const data: SearchResultResource[] = [
    ...programmes.map(
      (p): SearchResultResource => ({
        id: String(p.id),
        type: 'klass_groups',
        attributes: {
          group: 'programmes',
          label: p.name,
          path: admin ? SEARCH_PAGES.manageKlassGroup(p.id) : SEARCH_PAGES.bookKlassGroup(p.slug),
          audience: p.audience,
          format: p.format,
          published: p.published,
        },
      }),
    ),
    ...students.map(
      (s): SearchResultResource => ({
        id: String(s.id),
        type: 'attendee_profiles',
        attributes: {
          group: 'students',
          label: s.name,
          path: SEARCH_PAGES.studentGallery(s.id),
          family: s.family,
        },
      }),
    ),
    ...families.map(
      (f): SearchResultResource => ({
        id: String(f.id),
        type: 'users',
        attributes: {
          group: 'families',
          label: f.name,
          path: SEARCH_PAGES.customer(f.id),
          email: f.email,
        },
      }),
    ),
    ...teachers.map((t): SearchResultResource => {
      const schedule = taught.get(t.id);
      return {
        id: String(t.id),
        type: 'users',
        attributes: {
          group: 'teachers',
          label: t.name,
          path: schedule
            ? SEARCH_PAGES.manageSchedule(schedule.klassGroupId, schedule.id)
            : SEARCH_PAGES.manageKlassGroups,
          email: t.email,
          teaches: schedule ? { programme: schedule.programme, schedule: schedule.schedule } : null,
        },
      };
    }),
    ...orders.map(
      (o): SearchResultResource => ({
        id: String(o.id),
        type: 'orders',
        attributes: {
          group: 'orders',
          label: `#${o.id}`,
          path: SEARCH_PAGES.order(o.id),
          customer: o.customer,
          status: o.status,
          currency: o.currency,
          total: o.total,
          created_at: o.createdAt.toISOString(),
        },
      }),
    ),
  ];
  return { data, meta: { groups } };
}
