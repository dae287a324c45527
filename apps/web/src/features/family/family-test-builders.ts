import { type AttendeeProfile, document, resource } from '@atelier/contract';

/** Test-only: an attendee profile as the web holds it. */
export function buildMember(overrides: Partial<AttendeeProfile> = {}): AttendeeProfile {
  return {
    id: '11',
    type: 'attendee_profiles',
    name: 'Byron',
    birthday: '2015-04-01',
    is_account_holder: false,
    gallery_visibility: 'family',
    comments_need_approval: true,
    emergency_contacts: [],
    allergies: '',
    medical_notes: '',
    authorised_pickups: [],
    user: { id: '7', type: 'users' },
    ...overrides,
  };
}

function memberResource({ id, type, user, ...attributes }: AttendeeProfile) {
  return resource(type, id, attributes, { user });
}

/** Test-only: the document GET /users/{id}/attendee_profiles answers. */
export function memberListDocument(members: AttendeeProfile[], page = 1, total = members.length) {
  return document(members.map(memberResource), { meta: { total, page, per_page: 20 } });
}

/** Test-only: the document POST and PUT answer. */
export function memberDocument(member: AttendeeProfile) {
  return document(memberResource(member));
}
