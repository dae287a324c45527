import { type Document, document, type PhotoBoxPhoto, resource } from '@atelier/contract';

// Test-only builders of photo box documents as the server answers them (the contract's shapes).

export const BOX_TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';

const HOUR = 3_600_000;

export function buildBoxPhoto(overrides: Partial<PhotoBoxPhoto> = {}): PhotoBoxPhoto {
  return {
    id: 'p1',
    status: 'waiting',
    image: {
      id: 'i1',
      status: 'ready',
      url: '/media/signed/display.webp',
      avif_url: null,
      thumb_url: '/media/signed/thumb.webp',
      width: 1600,
      height: 1200,
      placeholder: null,
    },
    post_id: null,
    attendee_profile_id: null,
    attendee_profile_ids: [],
    held_back: false,
    created_at: '2030-05-04T15:10:00.000Z',
    ...overrides,
  };
}

export type BoxAttributesOverrides = {
  open?: boolean;
  closes_at?: string;
  photos?: PhotoBoxPhoto[];
  students?: { id: string; name: string }[];
};

/** A box resource for a session that started an hour ago (relative to `now`). */
export function boxResource(id: string, overrides: BoxAttributesOverrides = {}, now = Date.now()) {
  return resource('photo_boxes', id, {
    token: BOX_TOKEN,
    // As the server writes it: under the app base (PHOTO_BOX_PAGES.upload after APP_BASE).
    upload_path: `/app/photo_upload?box=${BOX_TOKEN}`,
    closes_at: new Date(now + 2 * HOUR).toISOString(),
    open: true,
    created_at: new Date(now - HOUR).toISOString(),
    klass: {
      id: '11',
      starts_at: new Date(now - HOUR).toISOString(),
      ends_at: new Date(now + HOUR).toISOString(),
      klass_group_name: 'Observational Drawing',
      schedule_id: '3',
    },
    opened_by: { id: '2', name: 'Grace Teacher' },
    photos: [],
    students: [
      { id: '31', name: 'Mia Kato' },
      { id: '32', name: 'Leo Park' },
    ],
    ...overrides,
  });
}

export function boxListDocument(boxes: ReturnType<typeof boxResource>[]): Document {
  return document(boxes, { meta: { total: boxes.length, page: 1, per_page: 20 } });
}

/** The calendar's answer: sessions with the attributes the session picker reads. */
export function calendarDocument(
  klasses: { id: string; title: string; starts_at: string; ends_at: string }[],
): Document {
  return document(
    klasses.map((s) =>
      resource(
        'klasses',
        s.id,
        {
          klass_group_id: '7',
          klass_group_schedule_id: '3',
          starts_at: s.starts_at,
          ends_at: s.ends_at,
          status: 'scheduled',
          title: s.title,
          schedule_name: 'Spring term',
          format: 'in_person',
          location: 'Studio A',
          meeting_url: null,
          teacher_name: 'Grace Teacher',
          attendee_names: [],
          time_zone: 'America/New_York',
        },
        {
          klass_group: { type: 'klass_groups', id: '7' },
          klass_group_schedule: { type: 'klass_group_schedules', id: '3' },
        },
      ),
    ),
    {
      included: [
        resource('klass_groups', '7', {
          name: 'Observational Drawing',
          slug: 'observational-drawing',
          description: 'Drawing from life.',
          audience: 'kids',
          format: 'in_person',
          location: 'Studio A',
          min_age: 6,
          max_age: 12,
          trial_price: null,
          image_url: null,
          thumb_url: null,
        }),
      ],
      meta: { total: klasses.length },
    },
  );
}

export function publicBoxDocument(open: boolean, now = Date.now()): Document {
  return {
    data: {
      id: '5',
      type: 'photo_box_links',
      attributes: {
        klass_group_name: 'Observational Drawing',
        starts_at: new Date(now - HOUR).toISOString(),
        closes_at: new Date(now + 2 * HOUR).toISOString(),
        open,
      },
    },
  };
}
