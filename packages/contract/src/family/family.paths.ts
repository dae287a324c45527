/** API paths of a family account's attendee profiles (the people booked into classes). */
export const FAMILY_API = {
  /** GET (paged list) / POST {attendee_profile}. */
  attendeeProfiles: (userId: string | number) => `/api/v1/users/${userId}/attendee_profiles`,
  /** PUT {attendee_profile} / DELETE. */
  attendeeProfile: (userId: string | number, id: string | number) =>
    `/api/v1/users/${userId}/attendee_profiles/${id}`,
} as const;
