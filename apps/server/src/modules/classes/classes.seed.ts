import type {
  KlassGroupFields,
  PlanFields,
  ScheduleFields,
  Slot,
  UnitType,
} from '@atelier/contract';
import { DEFAULT_TIMEZONE } from '@atelier/contract';
import { and, asc, eq, like } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../../db/client';
import { DEMO_ACCOUNTS } from '../../db/demo-accounts';
import { userIdsByEmail } from '../users';
import type { ClassesContext } from './classes.context';
import {
  ADDON_NAMES_JA,
  jaName,
  PLAN_NAMES_JA,
  PROGRAMMES_JA,
  SCHEDULE_NAMES_JA,
} from './classes.seed-ja';
import {
  klassGroupSchedulePlans,
  klassGroupSchedules,
  klassGroups,
  plans as planRows,
} from './classes.tables';
import { findKlassGroupRowBySlug } from './klass-groups.repository';
import { createKlassGroup } from './klass-groups.service';
import { planService } from './plans.service';
import { addAddon, createSchedule } from './schedules.service';

// The demo catalogue: every programme of docs/product.md#routes-and-screens's public menu, with schedules placed around the
// day the demo is seeded (a term under way, the next term, one-off events), taught by the demo
// teacher. Made through the services, so the seed obeys the same rules as the admin screens.

type DemoSchedule = {
  name: string;
  /** Days from the seeding week's Monday (negative: already under way). */
  startInDays: number;
  weeks: number;
  slots: Slot[];
  capacity: number;
  plans: string[];
  addons?: { name: string; price: number }[];
  /** Weekday occurrences to skip, by week index (0 = first week): holidays. */
  holidayWeeks?: number[];
};

type DemoProgramme = Omit<
  KlassGroupFields,
  'slug' | 'published' | 'description' | 'translations' | 'trial_price'
> & {
  slug: string;
  /** Most programmes offer no trial (docs/product.md#trial-classes). */
  trial_price?: number | null;
  description: string;
  schedules: DemoSchedule[];
};

const PLANS: Record<string, Omit<PlanFields, 'translations'>> = {
  perClass: { name: 'Pay per class', base_price: 0, unit_price: 3800, unit_type: 'class' },
  term: { name: 'Term tuition', base_price: 2500, unit_price: 36000, unit_type: 'term' },
  monthly: { name: 'Monthly membership', base_price: 0, unit_price: 12000, unit_type: 'month' },
  dropIn: { name: 'Drop-in', base_price: 0, unit_price: 2500, unit_type: 'class' },
  free: { name: 'Free admission', base_price: 0, unit_price: 0, unit_type: 'class' },
  camp: { name: 'Camp week', base_price: 0, unit_price: 42500, unit_type: 'term' },
  private: { name: 'Private lesson', base_price: 0, unit_price: 9500, unit_type: 'class' },
  online: { name: 'Online class', base_price: 0, unit_price: 2200, unit_type: 'class' },
  portfolio: { name: 'Portfolio term', base_price: 5000, unit_price: 48000, unit_type: 'term' },
};

const slot = (weekday: number, start_time: string, end_time: string): Slot => ({
  weekday: weekday as Slot['weekday'],
  start_time,
  end_time,
});

const STUDIO = 'Atelier Studio, 214 Bergen Street, Brooklyn, NY 11217';
const MATERIALS = { name: 'Materials kit', price: 3500 };
const SKETCHBOOK = { name: 'Sketchbook', price: 1200 };

const NEXT_TERM = 'Next term';

/** A current term (started four weeks ago) and the next one. */
const terms = (
  label: string,
  slots: Slot[],
  capacity: number,
  plans: string[],
  addons?: DemoSchedule['addons'],
): DemoSchedule[] => [
  {
    name: `Current term · ${label}`,
    startInDays: -28,
    weeks: 12,
    slots,
    capacity,
    plans,
    addons,
    holidayWeeks: [6],
  },
  { name: `${NEXT_TERM} · ${label}`, startInDays: 70, weeks: 10, slots, capacity, plans, addons },
];

export const DEMO_PROGRAMMES: DemoProgramme[] = [
  {
    name: 'Observational Drawing',
    slug: 'observational-drawing',
    trial_price: 0,
    description:
      'Young artists learn to really look: still lifes, plants, shells and each other. Each class builds one skill — contour, proportion, light and shadow — with pencil, charcoal and ink, and ends with a short gallery walk where everyone shares what they noticed.',
    audience: 'kids',
    format: 'in_person',
    location: STUDIO,
    meeting_url: null,
    min_age: 8,
    max_age: 12,
    schedules: terms(
      'Saturdays 10:00–12:00',
      [slot(6, '10:00', '12:00')],
      12,
      ['perClass', 'term'],
      [MATERIALS, SKETCHBOOK],
    ),
  },
  {
    name: 'Comics Drawing',
    slug: 'comics-drawing',
    description:
      'From thumbnail sketches to a finished mini-comic: characters, panels, speech balloons and lettering. Students write and draw their own short story over the term and take home a printed zine.',
    audience: 'kids',
    format: 'in_person',
    location: STUDIO,
    meeting_url: null,
    min_age: 9,
    max_age: 14,
    schedules: terms(
      'Wednesdays 16:00–17:30',
      [slot(3, '16:00', '17:30')],
      10,
      ['perClass', 'term'],
      [{ name: 'Zine printing', price: 1500 }],
    ),
  },
  {
    name: 'Art & Science',
    slug: 'art-science',
    description:
      'Drawing meets discovery: botanical studies under the magnifier, insect anatomy, cloud watercolours and cyanotype sun prints. Curious kids observe like scientists and record like artists.',
    audience: 'kids',
    format: 'in_person',
    location: STUDIO,
    meeting_url: null,
    min_age: 7,
    max_age: 11,
    schedules: terms(
      'Sundays 13:00–14:30',
      [slot(7, '13:00', '14:30')],
      12,
      ['perClass', 'term'],
      [MATERIALS],
    ),
  },
  {
    name: 'Summer Art Camp',
    slug: 'summer-art-camp',
    description:
      'A week of painting, printmaking, clay and collage, with outdoor sketching in the park when the weather allows. Campers bring lunch; extended day until 17:00 is available.',
    audience: 'kids',
    format: 'in_person',
    location: STUDIO,
    meeting_url: null,
    min_age: 6,
    max_age: 12,
    schedules: [
      {
        name: 'Camp week 1 · Mon–Fri 9:00–15:00',
        startInDays: 35,
        weeks: 1,
        slots: [1, 2, 3, 4, 5].map((d) => slot(d, '09:00', '15:00')),
        capacity: 16,
        plans: ['camp'],
        addons: [{ name: 'Extended day (15:00–17:00, all week)', price: 8000 }],
      },
      {
        name: 'Camp week 2 · Mon–Fri 9:00–15:00',
        startInDays: 42,
        weeks: 1,
        slots: [1, 2, 3, 4, 5].map((d) => slot(d, '09:00', '15:00')),
        capacity: 16,
        plans: ['camp'],
        addons: [{ name: 'Extended day (15:00–17:00, all week)', price: 8000 }],
      },
    ],
  },
  {
    name: 'Studio Hours',
    slug: 'studio-hours',
    description:
      'Open studio time for kids who already love to make things: easels, paints and a teacher on hand for help and ideas. Come every week or whenever you can.',
    audience: 'kids',
    format: 'in_person',
    location: STUDIO,
    meeting_url: null,
    min_age: 8,
    max_age: 17,
    schedules: [
      {
        name: 'Open studio · Thursdays 15:30–17:30',
        startInDays: -14,
        weeks: 16,
        slots: [slot(4, '15:30', '17:30')],
        capacity: 14,
        plans: ['monthly', 'dropIn'],
      },
    ],
  },
  {
    name: 'Open House',
    slug: 'open-house',
    description:
      'Visit the studio with your family, meet the teachers, try a mini-lesson and see student work on the walls. Free, no booking needed for grown-ups; reserve a spot for each child.',
    audience: 'kids',
    format: 'in_person',
    location: STUDIO,
    meeting_url: null,
    min_age: null,
    max_age: null,
    schedules: [
      {
        name: 'Open House · Saturday 14:00–16:00',
        startInDays: 19,
        weeks: 1,
        slots: [slot(6, '14:00', '16:00')],
        capacity: 40,
        plans: ['free'],
      },
    ],
  },
  {
    name: 'Portfolio Support',
    slug: 'portfolio-support',
    description:
      'For teens applying to art high schools, pre-college programmes and art colleges: a body of work built around observational drawing, a personal project, one-to-one reviews and help with the written statement.',
    audience: 'kids',
    format: 'in_person',
    location: STUDIO,
    meeting_url: null,
    min_age: 14,
    max_age: 18,
    schedules: terms(
      'Tuesdays 17:00–19:00',
      [slot(2, '17:00', '19:00')],
      8,
      ['portfolio'],
      [{ name: 'Portfolio printing and mounting', price: 4500 }],
    ),
  },
  {
    name: 'Private Instruction',
    slug: 'private-instruction',
    description:
      'One-to-one lessons shaped around the student: a skill to catch up on, a project to finish, or a portfolio deadline. Lessons take place in the studio.',
    audience: 'kids',
    format: 'in_person',
    location: STUDIO,
    meeting_url: null,
    min_age: 6,
    max_age: 18,
    schedules: [
      {
        name: 'Mondays 16:00–17:00',
        startInDays: 0,
        weeks: 8,
        slots: [slot(1, '16:00', '17:00')],
        capacity: 1,
        plans: ['private'],
      },
      {
        name: 'Fridays 17:00–18:00',
        startInDays: 0,
        weeks: 8,
        slots: [slot(5, '17:00', '18:00')],
        capacity: 1,
        plans: ['private'],
      },
    ],
  },
  {
    name: 'Figure Drawing',
    slug: 'figure-drawing',
    trial_price: 2500,
    description:
      'Untutored and guided sessions with a live model: gesture warm-ups, long poses and short critiques. All levels welcome; bring your own materials or buy a kit. Ages 18 and up.',
    audience: 'adults',
    format: 'in_person',
    location: STUDIO,
    meeting_url: null,
    min_age: 18,
    max_age: null,
    schedules: terms(
      'Tuesdays 19:00–21:30',
      [slot(2, '19:00', '21:30')],
      18,
      ['dropIn', 'term'],
      [
        { name: 'Model fee', price: 1000 },
        { name: 'Newsprint pad and charcoal', price: 1800 },
      ],
    ),
  },
  {
    name: 'Drawing Lab',
    slug: 'drawing-lab',
    description:
      'A live online drawing class for the whole family: a short demonstration, then draw along with the teacher and share your page on camera at the end. Any paper and pencil will do.',
    audience: 'all_ages',
    format: 'online',
    location: null,
    meeting_url: 'https://meet.atelier.test/drawing-lab',
    min_age: 6,
    max_age: null,
    schedules: terms('Saturdays 15:00–16:00 (online)', [slot(6, '15:00', '16:00')], 30, ['online']),
  },
  {
    name: 'Special Events',
    slug: 'special-events',
    description:
      'Workshops for all ages that happen once: family printmaking days, visiting-artist demonstrations and the end-of-term student exhibition.',
    audience: 'all_ages',
    format: 'in_person',
    location: STUDIO,
    meeting_url: null,
    min_age: null,
    max_age: null,
    schedules: [
      {
        name: 'Family Printmaking Day · Sunday 11:00–15:00',
        startInDays: 27,
        weeks: 1,
        slots: [slot(7, '11:00', '15:00')],
        capacity: 30,
        plans: ['dropIn'],
        addons: [{ name: 'Tote bag to print on', price: 1500 }],
      },
      {
        name: 'Student Exhibition Opening · Friday 18:00–20:00',
        startInDays: 60,
        weeks: 1,
        slots: [slot(5, '18:00', '20:00')],
        capacity: 80,
        plans: ['free'],
      },
    ],
  },
];

const DEMO_TEACHER_EMAIL = 'teacher@atelier.test';

/**
 * Seeds the demo catalogue. Answers each schedule's id by `{programme slug}/{schedule name}`, for
 * the seeds that enrol the demo families (seed/demo-seed.ts).
 */
export async function seedDemoClasses(
  db: Db,
  now: Date = new Date(),
): Promise<Map<string, number>> {
  const scheduleIds = new Map<string, number>();
  const adminEmail = DEMO_ACCOUNTS.find((a) => a.role === 'admin')?.email ?? '';
  const ids = await userIdsByEmail(db, [DEMO_TEACHER_EMAIL, adminEmail]);
  const teacher = ids.get(DEMO_TEACHER_EMAIL);
  const admin = ids.get(adminEmail);
  if (teacher === undefined || admin === undefined) return scheduleIds;

  const ctx: ClassesContext = {
    db,
    images: {
      storeImage: () => Promise.reject(new Error('the demo seed stores no images')),
      deleteImage: async () => {},
      urls: (key) => ({ url: `/uploads/${key}.webp`, thumbUrl: `/uploads/${key}-thumb.webp` }),
    },
    changed: () => {},
    now: () => now,
  };
  const viewer = { id: admin, role: 'admin' as const };

  const planIds: Record<string, string> = {};
  for (const [key, plan] of Object.entries(PLANS)) {
    planIds[key] = (
      await planService.create(ctx, { ...plan, translations: jaName(PLAN_NAMES_JA, key) })
    ).data.id;
  }

  const monday = DateTime.fromJSDate(now, { zone: DEFAULT_TIMEZONE }).startOf('week');
  for (const programme of DEMO_PROGRAMMES) {
    const { schedules, ...fields } = programme;
    const ja = PROGRAMMES_JA[programme.slug];
    const group = await createKlassGroup(ctx, {
      ...fields,
      trial_price: fields.trial_price ?? null,
      published: true,
      translations: ja ? { ja } : {},
    });
    for (const demo of schedules) {
      const start = monday.plus({ days: demo.startInDays });
      const end = start.plus({ weeks: demo.weeks }).minus({ days: 1 });
      const holidays = (demo.holidayWeeks ?? []).flatMap((week) =>
        demo.slots.map(
          (s) => start.plus({ weeks: week, days: s.weekday - 1 }).toISODate() as string,
        ),
      );
      const fields: ScheduleFields = {
        name: demo.name,
        teacher_id: String(teacher),
        capacity: demo.capacity,
        time_zone: DEFAULT_TIMEZONE,
        start_date: start.toISODate() as string,
        end_date: end.toISODate() as string,
        slots: demo.slots,
        exception_dates: [...new Set(holidays)],
        plan_ids: demo.plans.map((p) => planIds[p] as string),
        translations: jaName(SCHEDULE_NAMES_JA, demo.name),
      };
      const schedule = await createSchedule(ctx, Number(group.data.id), fields, viewer);
      scheduleIds.set(`${programme.slug}/${demo.name}`, Number(schedule.data.id));
      for (const addon of demo.addons ?? []) {
        await addAddon(ctx, Number(schedule.data.id), {
          ...addon,
          translations: jaName(ADDON_NAMES_JA, addon.name),
        });
      }
    }
  }

  return scheduleIds;
}

/** A demo programme's next term and the first plan it offers, as an order's snapshot names them. */
export type DemoNextTerm = {
  group: { id: number; name: string; slug: string };
  schedule: { id: number; name: string; timeZone: string; startDate: string; endDate: string };
  plan: { id: number; name: string; basePrice: number; unitPrice: number; unitType: UnitType };
};

/**
 * The "Next term" schedule of the demo programme named `programme` (the first, should it have
 * several) and its first plan, for the demo orders (one query); undefined before the catalogue
 * is seeded.
 */
export async function demoNextTermOf(db: Db, programme: string): Promise<DemoNextTerm | undefined> {
  const [row] = await db
    .select({
      group: { id: klassGroups.id, name: klassGroups.name, slug: klassGroups.slug },
      schedule: {
        id: klassGroupSchedules.id,
        name: klassGroupSchedules.name,
        timeZone: klassGroupSchedules.timeZone,
        startDate: klassGroupSchedules.startDate,
        endDate: klassGroupSchedules.endDate,
      },
      plan: {
        id: planRows.id,
        name: planRows.name,
        basePrice: planRows.basePrice,
        unitPrice: planRows.unitPrice,
        unitType: planRows.unitType,
      },
    })
    .from(klassGroupSchedules)
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .innerJoin(
      klassGroupSchedulePlans,
      eq(klassGroupSchedulePlans.scheduleId, klassGroupSchedules.id),
    )
    .innerJoin(planRows, eq(planRows.id, klassGroupSchedulePlans.planId))
    .where(and(eq(klassGroups.name, programme), like(klassGroupSchedules.name, `${NEXT_TERM}%`)))
    .orderBy(asc(klassGroupSchedules.id), asc(planRows.id))
    .limit(1);
  return row;
}

/** The ids of demo programmes by slug, for the seeds that point at them (the demo pass). */
export async function demoProgrammeIds(db: Db, slugs: readonly string[]): Promise<number[]> {
  const rows = await Promise.all(slugs.map((slug) => findKlassGroupRowBySlug(db, slug)));
  return rows.flatMap((row) => (row ? [row.id] : []));
}
