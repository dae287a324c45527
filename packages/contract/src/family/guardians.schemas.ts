import { z } from 'zod';
import { idSchema } from '../common/id.schemas';
import { emailSchema } from '../users/users.schemas';

/** POST /api/v1/family/guardians: the address to invite. */
export const inviteGuardianBodySchema = z.object({ email: emailSchema });
export type InviteGuardianBody = z.infer<typeof inviteGuardianBodySchema>;

/** POST /api/v1/family/guardians/accept: the token of the mailed link. */
export const acceptGuardianBodySchema = z.object({
  token: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200, 'Invalid input'),
});
export type AcceptGuardianBody = z.infer<typeof acceptGuardianBodySchema>;

export const guardianParamsSchema = z.object({ id: idSchema });

/** `pending` (mailed, not accepted), `expired` (not accepted in time), `accepted`. */
export const GUARDIAN_STATUSES = ['pending', 'expired', 'accepted'] as const;

/** A second guardian of the family, or an invitation to become one. */
export const guardianResourceSchema = z.object({
  id: z.string(),
  type: z.literal('family_guardians'),
  attributes: z.object({
    /** The invited address; once accepted, the guardian account's address. */
    email: z.string(),
    /** The guardian's name once accepted; null while pending. */
    name: z.string().nullable(),
    status: z.enum(GUARDIAN_STATUSES),
    /** The signed-in user is this guardian (the web offers "leave" instead of "remove"). */
    is_you: z.boolean(),
    invited_at: z.string(),
    accepted_at: z.string().nullable(),
    expires_at: z.string(),
  }),
});
export type GuardianResource = z.infer<typeof guardianResourceSchema>;

/** The family account itself: never removable through this API. */
export const familyHolderSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  is_you: z.boolean(),
});

export const guardianListDocumentSchema = z.object({
  data: z.array(guardianResourceSchema),
  meta: z.object({ account_holder: familyHolderSchema }),
});
export type GuardianListDocument = z.infer<typeof guardianListDocumentSchema>;

export const guardianDocumentSchema = z.object({ data: guardianResourceSchema });
export type GuardianDocument = z.infer<typeof guardianDocumentSchema>;

/** POST accept: the family the signed-in user now acts for. */
export const acceptGuardianResponseSchema = z.object({
  data: z.object({ family_id: z.string(), family_name: z.string() }),
});
export type AcceptGuardianResponse = z.infer<typeof acceptGuardianResponseSchema>;
