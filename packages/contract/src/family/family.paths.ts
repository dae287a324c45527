/** API paths of a family account's attendee profiles (the people booked into classes). */
export const FAMILY_API = {
  /** GET (paged list) / POST {attendee_profile}. */
  attendeeProfiles: (userId: string | number) => `/api/v1/users/${userId}/attendee_profiles`,
  /** GET (with the child's card) / PUT {attendee_profile} / DELETE. */
  attendeeProfile: (userId: string | number, id: string | number) =>
    `/api/v1/users/${userId}/attendee_profiles/${id}`,
  /** GET: the staff views of the child's medical notes, the latest first (the family, admins). */
  medicalAccessLog: (userId: string | number, id: string | number) =>
    `/api/v1/users/${userId}/attendee_profiles/${id}/medical_access_log`,
  /** PUT multipart `photo`: an authorised pickup person's photo (the family, admins). */
  pickupPhoto: (userId: string | number, id: string | number, pickupId: string | number) =>
    `/api/v1/users/${userId}/attendee_profiles/${id}/authorised_pickups/${pickupId}/photo`,
} as const;
