/**
 * Second guardians (docs/product.md#second-guardians): paths and messages, apart from the schemas
 * so the web can use them without pulling zod into its first visit.
 */
export const GUARDIANS_API = {
  /** GET the family's guardians and invitations / POST {email} invites one. */
  guardians: '/api/v1/family/guardians',
  /** DELETE: removes a guardian's access, cancels an invitation, or (one's own row) leaves. */
  guardian: (id: string | number) => `/api/v1/family/guardians/${id}`,
  /** POST {token}: the signed-in invitee accepts the mailed invitation. */
  accept: '/api/v1/family/guardians/accept',
} as const;

/** The app page the invitation mail links to. */
export const GUARDIAN_PAGES = {
  accept: (token: string) => `/guardian_invitation/${encodeURIComponent(token)}`,
} as const;

/** How long a mailed invitation link works. */
export const GUARDIAN_INVITATION_TTL_HOURS = 72;

/** Why a guardian call was refused; the web matches them to translated text. */
export const GUARDIANS_MESSAGES = {
  ownAddress: 'This is your own e-mail address',
  alreadyInvited: 'This address is already a guardian of the family or has an invitation',
  staffCannotInvite: 'Only a family account can invite a guardian',
  invalidToken: 'This invitation link is not valid',
  expiredToken: 'This invitation has expired: ask the family to invite you again',
  usedToken: 'This invitation has already been accepted',
  otherAddress: 'This invitation was sent to another e-mail address: sign in with that account',
  hasFamily:
    'Your account already has family members of its own: it cannot also act for another family',
  alreadyGuardian: 'Your account is already a guardian of a family',
  staffCannotAccept: 'A staff account cannot be a family guardian',
  hasGuardians: 'Other people are guardians of your family: your account cannot join another one',
} as const;

/** `meta.reason` of the refusals above that the web tells apart. */
export const GUARDIAN_REFUSALS = [
  'invalid',
  'expired',
  'used',
  'other_address',
  'has_family',
  'already_guardian',
  'staff',
  'has_guardians',
] as const;
export type GuardianRefusal = (typeof GUARDIAN_REFUSALS)[number];
