import { api, type HttpQueryArgs } from './api';

/** A file the server makes for saving (a receipt or statement PDF) and the name it is saved as. */
export type FileDownload = {
  url: string;
  params?: Record<string, string | number>;
  filename: string;
};

/** Hands `blob` to the browser's download as `filename` (a temporary link to an object URL). */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is freed after it has been read.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/**
 * Files to save (docs/decisions/066-receipts-as-pdf.md): fetched through the app's one client,
 * so the bearer token, the session refresh and the 401 sign-out apply as to every call, then
 * saved at once. The bytes never enter the store: the mutation's answer is null.
 */
export const fileDownloadApi = api.injectEndpoints({
  endpoints: (build) => ({
    downloadFile: build.mutation<null, FileDownload>({
      async queryFn({ url, params, filename }, _api, _extra, baseQuery) {
        const args: HttpQueryArgs = {
          url,
          ...(params ? { params } : {}),
          responseType: 'blob',
          headers: { Accept: 'application/pdf, application/vnd.api+json' },
        };
        const result = await baseQuery(args);
        if (result.error) return { error: result.error };
        saveBlob(result.data as Blob, filename);
        return { data: null };
      },
    }),
  }),
});

export const { useDownloadFileMutation } = fileDownloadApi;
