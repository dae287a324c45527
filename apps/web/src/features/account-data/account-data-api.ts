import {
  ACCOUNT_DATA_API,
  accountExportAcceptedSchema,
  type DeleteAccountBody,
} from '@atelier/contract';
import { api, type HttpQueryArgs } from '../../lib/api';
import { saveBlob } from '../../lib/file-download-api';

/** How a data export was answered: saved now, or prepared and mailed as a link. */
export type ExportOutcome = 'downloaded' | 'mailed';

const nothing = () => null;

/**
 * A family's data and account (docs/product.md#your-data). The ZIP never enters the store: it is
 * saved at once, as receipts are (docs/decisions/066-receipts-as-pdf.md).
 */
export const accountDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET the export: a ZIP to save (200), or a JSON note that it will be mailed (202). */
    exportAccountData: build.mutation<ExportOutcome, { filename: string }>({
      async queryFn({ filename }, _api, _extra, baseQuery) {
        const args: HttpQueryArgs = {
          url: ACCOUNT_DATA_API.export,
          responseType: 'blob',
          headers: { Accept: 'application/zip, application/vnd.api+json' },
        };
        const result = await baseQuery(args);
        if (result.error) return { error: result.error };
        const blob = result.data as Blob;
        if (blob.type.includes('zip')) {
          saveBlob(blob, filename);
          return { data: 'downloaded' };
        }
        // 202: the body is the queued export's document.
        accountExportAcceptedSchema.parse(JSON.parse(await blob.text()));
        return { data: 'mailed' };
      },
    }),
    /** DELETE the account: checks the password and mails the confirmation link. */
    requestAccountDeletion: build.mutation<null, DeleteAccountBody>({
      query: (body) => ({ url: ACCOUNT_DATA_API.account, method: 'DELETE', data: body }),
      transformResponse: nothing,
    }),
    /** PUT the mailed link's token: the account is deleted. */
    confirmAccountDeletion: build.mutation<null, string>({
      query: (token) => ({
        url: ACCOUNT_DATA_API.deletion(encodeURIComponent(token)),
        method: 'PUT',
      }),
      transformResponse: nothing,
    }),
  }),
});

export const {
  useExportAccountDataMutation,
  useRequestAccountDeletionMutation,
  useConfirmAccountDeletionMutation,
} = accountDataApi;
