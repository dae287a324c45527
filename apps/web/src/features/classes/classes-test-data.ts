import {
  type Document,
  document,
  type FlatKlassGroup,
  type KlassAttributes,
  type KlassGroupAttributes,
  klassGroupFlatSchema,
  type PlanAttributes,
  parseDocument,
  type Resource,
  resource,
  type ScheduleAttributes,
} from '@atelier/contract';

// Test-only: API documents of the classes endpoints, shaped as the server sends them.

export function klassGroupAttributes(
  overrides: Partial<KlassGroupAttributes> = {},
): KlassGroupAttributes {
  return {
    name: 'Observational Drawing',
    slug: 'observational-drawing',
    description: 'Drawing from life.',
    audience: 'kids',
    format: 'in_person',
    location: '12 Studio Lane',
    meeting_url: null,
    min_age: 6,
    max_age: 12,
    trial_price: null,
    image_url: null,
    thumb_url: null,
    published: true,
    translations: {},
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function planAttributes(overrides: Partial<PlanAttributes> = {}): PlanAttributes {
  return {
    name: 'Per class',
    base_price: 2000,
    unit_price: 3050,
    unit_type: 'class',
    schedules_count: 0,
    translations: {},
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function scheduleAttributes(
  overrides: Partial<ScheduleAttributes> = {},
): ScheduleAttributes {
  return {
    name: 'Spring Saturdays',
    klass_group_id: '1',
    time_zone: 'America/New_York',
    start_date: '2026-03-01',
    end_date: '2026-03-31',
    slots: [{ weekday: 6, start_time: '10:00', end_time: '12:00' }],
    seats_left: 8,
    teacher_id: '7',
    capacity: 10,
    exception_dates: ['2026-03-14'],
    seats_held: 1,
    enrolled_count: 1,
    enrollments_count: 1,
    klasses_count: 3,
    translations: {},
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function klassAttributes(overrides: Partial<KlassAttributes> = {}): KlassAttributes {
  return {
    klass_group_id: '1',
    klass_group_schedule_id: '5',
    starts_at: '2026-03-07T15:00:00.000Z',
    ends_at: '2026-03-07T17:00:00.000Z',
    status: 'scheduled',
    origin: 'pattern',
    original_starts_at: '2026-03-07T15:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const teacher = resource('users', '7', {
  name: 'Theo Teacher',
  email: 'teacher@atelier.test',
  avatar_url: null,
});

/** A schedule resource with its teacher, one plan and the given add-ons, as `included`. */
function scheduleParts(
  id: string,
  attributes: ScheduleAttributes,
  options: {
    addons?: { id: string; name: string; price: number }[];
    klassIds?: string[];
    enrollmentIds?: string[];
  } = {},
): { data: Resource; included: Resource[] } {
  const addons = (options.addons ?? []).map((a) =>
    resource(
      'klass_group_schedule_addons',
      a.id,
      { klass_group_schedule_id: id, name: a.name, price: a.price },
      { klass_group_schedule: { id, type: 'klass_group_schedules' } },
    ),
  );
  const link = resource(
    'klass_group_schedule_plans',
    `${id}-3`,
    { klass_group_schedule_id: id, plan_id: '3' },
    {
      klass_group_schedule: { id, type: 'klass_group_schedules' },
      plan: { id: '3', type: 'plans' },
    },
  );
  const relationships: Record<
    string,
    { id: string; type: string }[] | { id: string; type: string }
  > = {
    klass_group: { id: attributes.klass_group_id, type: 'klass_groups' },
    teacher: { id: '7', type: 'users' },
    klass_group_schedule_plans: [{ id: link.id, type: link.type }],
    klass_group_schedule_addons: addons.map((a) => ({ id: a.id, type: a.type })),
  };
  if (options.klassIds) {
    relationships.klasses = options.klassIds.map((k) => ({ id: k, type: 'klasses' }));
    relationships.enrollments = (options.enrollmentIds ?? []).map((e) => ({
      id: e,
      type: 'enrollments',
    }));
  }
  return {
    data: resource('klass_group_schedules', id, { ...attributes }, relationships),
    included: [teacher, link, resource('plans', '3', { ...planAttributes() }), ...addons],
  };
}

/** GET /api/v1/klass_groups?page=N: programmes, each with one schedule when `withSchedule`. */
export function klassGroupListDocument(
  groups: { id: string; attributes?: Partial<KlassGroupAttributes> }[],
  meta: { total: number; page: number; per_page?: number },
): Document {
  return document(
    groups.map((g) =>
      resource(
        'klass_groups',
        g.id,
        { ...klassGroupAttributes(g.attributes) },
        {
          klass_group_schedules: [],
        },
      ),
    ),
    { meta: { per_page: 20, ...meta } },
  );
}

/** GET /api/v1/klass_groups/{id}: one programme with its schedules. */
export function klassGroupDocument(
  id: string,
  attributes: Partial<KlassGroupAttributes> = {},
  schedules: { id: string; attributes?: Partial<ScheduleAttributes> }[] = [],
): Document {
  const parts = schedules.map((s) =>
    scheduleParts(s.id, scheduleAttributes({ klass_group_id: id, ...s.attributes })),
  );
  return document(
    resource(
      'klass_groups',
      id,
      { ...klassGroupAttributes(attributes) },
      {
        klass_group_schedules: schedules.map((s) => ({ id: s.id, type: 'klass_group_schedules' })),
      },
    ),
    { included: parts.flatMap((p) => [p.data, ...p.included]) },
  );
}

/** GET /api/v1/klass_group_schedules/{id}: one schedule with programme, sessions and add-ons. */
export function scheduleDocument(
  id: string,
  options: {
    attributes?: Partial<ScheduleAttributes>;
    klasses?: { id: string; attributes?: Partial<KlassAttributes> }[];
    addons?: { id: string; name: string; price: number }[];
    enrollments?: { id: string; name: string; status: 'active' | 'cancelled' }[];
  } = {},
): Document {
  const attributes = scheduleAttributes(options.attributes);
  const klasses = (options.klasses ?? []).map((k) =>
    resource(
      'klasses',
      k.id,
      { ...klassAttributes({ klass_group_schedule_id: id, ...k.attributes }) },
      { klass_group_schedule: { id, type: 'klass_group_schedules' } },
    ),
  );
  const enrollments = (options.enrollments ?? []).flatMap((e) => [
    resource(
      'enrollments',
      e.id,
      { klass_group_schedule_id: id, status: e.status, created_at: '2026-02-20T15:00:00.000Z' },
      { attendee_profile: { id: `a${e.id}`, type: 'attendee_profiles' } },
    ),
    resource('attendee_profiles', `a${e.id}`, { name: e.name, birthday: null }),
  ]);
  const parts = scheduleParts(id, attributes, {
    addons: options.addons,
    klassIds: klasses.map((k) => k.id),
    enrollmentIds: (options.enrollments ?? []).map((e) => e.id),
  });
  const group = resource(
    'klass_groups',
    attributes.klass_group_id,
    { ...klassGroupAttributes() },
    { klass_group_schedules: [{ id, type: 'klass_group_schedules' }] },
  );
  return document(parts.data, {
    included: [group, ...parts.included, ...klasses, ...enrollments],
  });
}

/** A page of plans. */
export function planListDocument(
  plans: { id: string; attributes?: Partial<PlanAttributes> }[],
  meta: { total: number; page: number } = { total: plans.length, page: 1 },
): Document {
  return document(
    plans.map((p) => resource('plans', p.id, { ...planAttributes(p.attributes) })),
    { meta: { per_page: 20, ...meta } },
  );
}

/** A 422 with one `validate` entry per field (docs/product.md#validation). */
export function validationErrors(fields: Record<string, string>) {
  return {
    status: 422,
    data: {
      errors: Object.entries(fields).map(([field, detail]) => ({
        status: '422',
        code: 'validation',
        detail,
        meta: { type: 'validate', field },
      })),
    },
  };
}

/** A 409 error document. */
export function conflict(detail: string) {
  return { status: 409, data: { errors: [{ status: '409', code: 'conflict', detail }] } };
}

/** A programme with its schedules as the klassGroup endpoint's entry holds it (flattened). */
export function flatKlassGroup(
  id: string,
  schedules: { id: string; attributes?: Partial<ScheduleAttributes> }[] = [],
): FlatKlassGroup {
  return parseDocument(klassGroupFlatSchema, klassGroupDocument(id, {}, schedules));
}
