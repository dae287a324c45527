import type {
  AddonResource,
  EnrollmentResource,
  KlassGroupResource,
  KlassResource,
  PlanResource,
  PublicKlassGroupResource,
  PublicKlassResource,
  PublicPlanResource,
  PublicScheduleResource,
  PublicTeacherResource,
  RosterAttendeeResource,
  SchedulePlanResource,
  ScheduleResource,
  TeacherResource,
} from '@atelier/contract';
import { type RosterRow, type SeatCounts, seatsLeft } from '../enrollments';
import type { KlassGroupRow } from './klass-groups.repository';
import type { PlanRow } from './plans.repository';
import type { AddonRow, KlassRow, PlanLinkRow, ScheduleRow } from './schedules.repository';
import type { TeacherRow } from './teachers';

// Rows → JSON:API resources. Admin and public variants differ in what they show: the public ones
// never carry meeting links, e-mail addresses, capacity or seat internals.

const ref = <T extends string>(type: T, id: number | string) => ({ id: String(id), type });
const refs = <T extends string>(type: T, ids: (number | string)[]) =>
  ids.map((id) => ref(type, id));
const iso = (d: Date) => d.toISOString();

/** Turns a stored image key into its URLs (storage decides where files are served from). */
export type ImageUrls = (key: string) => { url: string; thumbUrl: string };

const images = (key: string | null, urls: ImageUrls) => {
  if (!key) return { image_url: null, thumb_url: null };
  const { url, thumbUrl } = urls(key);
  return { image_url: url, thumb_url: thumbUrl };
};

export function klassGroupResource(
  row: KlassGroupRow,
  scheduleIds: number[],
  urls: ImageUrls,
): KlassGroupResource {
  return {
    id: String(row.id),
    type: 'klass_groups',
    attributes: {
      name: row.name,
      slug: row.slug,
      description: row.description,
      audience: row.audience,
      format: row.format,
      location: row.location,
      meeting_url: row.meetingUrl,
      min_age: row.minAge,
      max_age: row.maxAge,
      ...images(row.imageKey, urls),
      published: row.published,
      trial_price: row.trialPrice,
      translations: row.translations,
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
    },
    relationships: { klass_group_schedules: { data: refs('klass_group_schedules', scheduleIds) } },
  };
}

export function publicKlassGroupResource(
  row: KlassGroupRow,
  scheduleIds: number[],
  urls: ImageUrls,
): PublicKlassGroupResource {
  return {
    id: String(row.id),
    type: 'klass_groups',
    attributes: {
      name: row.name,
      slug: row.slug,
      description: row.description,
      audience: row.audience,
      format: row.format,
      location: row.location,
      min_age: row.minAge,
      max_age: row.maxAge,
      trial_price: row.trialPrice,
      ...images(row.imageKey, urls),
    },
    relationships: { klass_group_schedules: { data: refs('klass_group_schedules', scheduleIds) } },
  };
}

/** What a schedule resource points at besides its programme and teacher. */
export type ScheduleLinks = {
  planLinkIds: number[];
  addonIds: number[];
  /** Present on documents that include the sessions. */
  klassIds?: number[];
  /** Present on documents that include the roster. */
  enrollmentIds?: number[];
};

export function scheduleResource(
  row: ScheduleRow,
  room: string | null,
  counts: SeatCounts,
  scheduledKlasses: number,
  links: ScheduleLinks,
): ScheduleResource {
  const relationships: ScheduleResource['relationships'] = {
    klass_group: { data: ref('klass_groups', row.klassGroupId) },
    teacher: { data: ref('users', row.teacherId) },
    klass_group_schedule_plans: { data: refs('klass_group_schedule_plans', links.planLinkIds) },
    klass_group_schedule_addons: { data: refs('klass_group_schedule_addons', links.addonIds) },
  };
  if (links.klassIds) relationships.klasses = { data: refs('klasses', links.klassIds) };
  if (links.enrollmentIds) {
    relationships.enrollments = { data: refs('enrollments', links.enrollmentIds) };
  }
  return {
    id: String(row.id),
    type: 'klass_group_schedules',
    attributes: {
      name: row.name,
      klass_group_id: String(row.klassGroupId),
      time_zone: row.timeZone,
      start_date: row.startDate,
      end_date: row.endDate,
      slots: row.slots,
      seats_left: seatsLeft(row.capacity, counts),
      room,
      translations: row.translations,
      teacher_id: String(row.teacherId),
      room_id: row.roomId === null ? null : String(row.roomId),
      capacity: row.capacity,
      exception_dates: row.exceptionDates,
      seats_held: counts.held,
      enrolled_count: counts.enrolled,
      enrollments_count: counts.enrollmentsTotal,
      klasses_count: scheduledKlasses,
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
    },
    relationships,
  };
}

export function publicScheduleResource(
  row: ScheduleRow,
  room: string | null,
  counts: SeatCounts,
  links: Required<Pick<ScheduleLinks, 'planLinkIds' | 'addonIds' | 'klassIds'>>,
): PublicScheduleResource {
  return {
    id: String(row.id),
    type: 'klass_group_schedules',
    attributes: {
      name: row.name,
      klass_group_id: String(row.klassGroupId),
      time_zone: row.timeZone,
      start_date: row.startDate,
      end_date: row.endDate,
      slots: row.slots,
      seats_left: seatsLeft(row.capacity, counts),
      room,
    },
    relationships: {
      klass_group: { data: ref('klass_groups', row.klassGroupId) },
      teacher: { data: ref('users', row.teacherId) },
      klass_group_schedule_plans: { data: refs('klass_group_schedule_plans', links.planLinkIds) },
      klass_group_schedule_addons: { data: refs('klass_group_schedule_addons', links.addonIds) },
      klasses: { data: refs('klasses', links.klassIds) },
    },
  };
}

export function klassResource(row: KlassRow, klassGroupId: number): KlassResource {
  return {
    id: String(row.id),
    type: 'klasses',
    attributes: {
      klass_group_id: String(klassGroupId),
      klass_group_schedule_id: String(row.scheduleId),
      starts_at: iso(row.startsAt),
      ends_at: iso(row.endsAt),
      status: row.status,
      origin: row.origin,
      original_starts_at: row.originalStartsAt ? iso(row.originalStartsAt) : null,
      updated_at: iso(row.updatedAt),
    },
    relationships: { klass_group_schedule: { data: ref('klass_group_schedules', row.scheduleId) } },
  };
}

export function publicKlassResource(
  row: Pick<KlassRow, 'id' | 'scheduleId' | 'startsAt' | 'endsAt' | 'status'>,
  klassGroupId: number,
): PublicKlassResource {
  return {
    id: String(row.id),
    type: 'klasses',
    attributes: {
      klass_group_id: String(klassGroupId),
      klass_group_schedule_id: String(row.scheduleId),
      starts_at: iso(row.startsAt),
      ends_at: iso(row.endsAt),
      status: row.status,
    },
    relationships: { klass_group_schedule: { data: ref('klass_group_schedules', row.scheduleId) } },
  };
}

export function planResource(row: PlanRow, schedulesCount: number): PlanResource {
  return {
    id: String(row.id),
    type: 'plans',
    attributes: {
      name: row.name,
      base_price: row.basePrice,
      unit_price: row.unitPrice,
      unit_type: row.unitType,
      schedules_count: schedulesCount,
      translations: row.translations,
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
    },
  };
}

export function publicPlanResource(row: PlanRow): PublicPlanResource {
  return {
    id: String(row.id),
    type: 'plans',
    attributes: {
      name: row.name,
      base_price: row.basePrice,
      unit_price: row.unitPrice,
      unit_type: row.unitType,
    },
  };
}

export function schedulePlanResource(link: PlanLinkRow): SchedulePlanResource {
  return {
    id: String(link.id),
    type: 'klass_group_schedule_plans',
    attributes: {
      klass_group_schedule_id: String(link.scheduleId),
      plan_id: String(link.planId),
    },
    relationships: {
      klass_group_schedule: { data: ref('klass_group_schedules', link.scheduleId) },
      plan: { data: ref('plans', link.planId) },
    },
  };
}

/** An add-on as admins see it: its name in the default language, and its translations. */
export function addonResource(row: AddonRow): AddonResource {
  const resource = publicAddonResource(row);
  return { ...resource, attributes: { ...resource.attributes, translations: row.translations } };
}

/** An add-on as readers see it: give it the row in the reader's language. */
export function publicAddonResource(row: AddonRow): AddonResource {
  return {
    id: String(row.id),
    type: 'klass_group_schedule_addons',
    attributes: {
      klass_group_schedule_id: String(row.scheduleId),
      name: row.name,
      price: row.price,
    },
    relationships: { klass_group_schedule: { data: ref('klass_group_schedules', row.scheduleId) } },
  };
}

export function teacherResource(row: TeacherRow, urls: ImageUrls): TeacherResource {
  return {
    id: String(row.id),
    type: 'users',
    attributes: {
      name: row.name,
      email: row.email,
      avatar_url: row.avatarKey ? urls(row.avatarKey).url : null,
    },
  };
}

export function publicTeacherResource(row: TeacherRow, urls: ImageUrls): PublicTeacherResource {
  return {
    id: String(row.id),
    type: 'users',
    attributes: { name: row.name, avatar_url: row.avatarKey ? urls(row.avatarKey).url : null },
  };
}

export function enrollmentResource(row: RosterRow): EnrollmentResource {
  return {
    id: String(row.id),
    type: 'enrollments',
    attributes: {
      klass_group_schedule_id: String(row.scheduleId),
      status: row.status,
      created_at: iso(row.createdAt),
    },
    relationships: { attendee_profile: { data: ref('attendee_profiles', row.attendee.id) } },
  };
}

export function rosterAttendeeResource(row: RosterRow): RosterAttendeeResource {
  return {
    id: String(row.attendee.id),
    type: 'attendee_profiles',
    attributes: { name: row.attendee.name, birthday: row.attendee.birthday },
  };
}
