type Id = string | number;

/** Paths of the classes endpoints (programmes, schedules, sessions, plans, catalogue, calendar). */
export const CLASSES_API = {
  // Admin: programmes (klass groups)
  klassGroups: '/api/v1/klass_groups',
  klassGroup: (id: Id) => `/api/v1/klass_groups/${id}`,
  klassGroupImage: (id: Id) => `/api/v1/klass_groups/${id}/image`,
  klassGroupSchedules: (klassGroupId: Id) => `/api/v1/klass_groups/${klassGroupId}/schedules`,
  // Admin (and a schedule's teacher, read only): schedules
  schedules: '/api/v1/klass_group_schedules',
  schedulePreview: '/api/v1/klass_group_schedules/preview',
  schedule: (id: Id) => `/api/v1/klass_group_schedules/${id}`,
  scheduleKlasses: (scheduleId: Id) => `/api/v1/klass_group_schedules/${scheduleId}/klasses`,
  scheduleAddons: (scheduleId: Id) => `/api/v1/klass_group_schedules/${scheduleId}/addons`,
  klass: (id: Id) => `/api/v1/klasses/${id}`,
  addon: (id: Id) => `/api/v1/klass_group_schedule_addons/${id}`,
  // Admin: plans
  plans: '/api/v1/plans',
  plan: (id: Id) => `/api/v1/plans/${id}`,
  // Public catalogue
  catalogue: '/api/v1/catalogue/klass_groups',
  catalogueKlassGroup: (slug: string) => `/api/v1/catalogue/klass_groups/${slug}`,
  catalogueSchedule: (id: Id) => `/api/v1/catalogue/klass_group_schedules/${id}`,
  // Everyone's calendar
  calendarKlasses: '/api/v1/calendar/klasses',
  calendarFeed: '/api/v1/calendar/feed',
  calendarIcs: (token: string) => `/api/v1/calendar/${token}.ics`,
  /** Where uploaded files are served. */
  uploads: '/uploads',
} as const;
