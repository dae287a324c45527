import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../accounts/accounts.constants';
import { ACCOUNT_DATA_MESSAGES } from './account-data.constants';

/** DELETE /api/v1/account: the account's password, asked again before anything is mailed. */
export const deleteAccountBodySchema = z.object({
  password: z
    .string({ error: ACCOUNT_DATA_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_DATA_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** GET /api/v1/account/export answered 202: the export is being prepared and will be mailed. */
export const accountExportAcceptedSchema = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('account_exports'),
    attributes: z.object({ status: z.enum(['pending', 'ready', 'failed']) }),
  }),
});
export type AccountExportAccepted = z.infer<typeof accountExportAcceptedSchema>;

/** DELETE /api/v1/account (202) and PUT /api/v1/account/deletions/{token} (200). */
export const accountDataEmptyResponseSchema = z.object({ data: z.null() });

export const accountDataTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
