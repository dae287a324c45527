import { z } from 'zod';

/** A schedule's teacher as admins see it: a `users` resource with a few attributes. */
export const teacherResourceSchema = z.object({
  id: z.string(),
  type: z.literal('users'),
  attributes: z.object({
    name: z.string(),
    email: z.string(),
    avatar_url: z.string().nullable(),
  }),
});
export type TeacherResource = z.infer<typeof teacherResourceSchema>;

/** A teacher as the public catalogue shows them: no e-mail address. */
export const publicTeacherResourceSchema = z.object({
  id: z.string(),
  type: z.literal('users'),
  attributes: z.object({ name: z.string(), avatar_url: z.string().nullable() }),
});
export type PublicTeacherResource = z.infer<typeof publicTeacherResourceSchema>;
