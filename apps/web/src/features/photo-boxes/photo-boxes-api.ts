import {
  type AssignPhotoBody,
  type CalendarQuery,
  CLASSES_API,
  type CreatePhotoBoxBody,
  type CropPhotoBody,
  calendarDocumentSchema,
  calendarKlassFlatSchema,
  type FlatCalendarKlass,
  type HeldPhoto,
  heldPhotoListDocumentSchema,
  PHOTO_BOX_DEVICE_HEADER,
  PHOTO_BOXES_API,
  type PhotoBox,
  type PhotoBoxPublic,
  parseDocument,
  photoBoxDocumentSchema,
  photoBoxListDocumentSchema,
  photoBoxPublicDocumentSchema,
  photoBoxSchema,
  photoBoxUploadDocumentSchema,
  type RetagPhotoBody,
} from '@atelier/contract';
import { z } from 'zod';
import { makeClientUpload } from '../../components/file-upload/client-upload';
import { api, reportLoadFailure } from '../../lib/api';
import { apiClient, toApiError } from '../../lib/api-client';
import { type Paged, parsePaged } from '../../lib/paged-list';
import { photoBoxDeviceId } from '../../lib/storage';

/**
 * A photo may be 10 MB, sent from a phone on a school's Wi-Fi: that outlasts the 7 s API timeout
 * (docs/product.md#server-calls), which is meant for ordinary requests, so uploads get their own.
 */
export const PHOTO_UPLOAD_TIMEOUT_MS = 120_000;

function parseBox(raw: unknown): PhotoBox {
  photoBoxDocumentSchema.parse(raw);
  return parseDocument(photoBoxSchema, raw);
}

const photoBoxListSchema = z.array(photoBoxSchema);

export type UploadPhotoArgs = {
  token: string;
  file: File;
  /** Called with the share of the file sent so far, 0 to 1. */
  onProgress: (fraction: number) => void;
};

/*
 * The photo box calls of docs/product.md#photo-box: staff list, open, close or extend their boxes
 * and assign or discard what was uploaded; anyone holding a box's link reads what the upload page
 * shows and uploads, one photo per request.
 */
export const photoBoxesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Staff: a page of boxes (one's own; every box for admins), newest first. */
    photoBoxes: build.query<Paged<PhotoBox>, number>({
      query: (page) => ({ url: PHOTO_BOXES_API.boxes, params: { page } }),
      transformResponse: (raw: unknown) => {
        photoBoxListDocumentSchema.parse(raw);
        return parsePaged(photoBoxListSchema, raw);
      },
      providesTags: ['PhotoBox'],
      onQueryStarted: reportLoadFailure,
    }),
    /**
     * The sessions a box may be opened for: the calendar's (one's taught sessions; all for
     * admins), the same endpoint the class calendar reads.
     */
    photoBoxKlasses: build.query<FlatCalendarKlass[], CalendarQuery>({
      query: ({ from, to }) => ({ url: CLASSES_API.calendarKlasses, params: { from, to } }),
      transformResponse: (raw: unknown) => {
        calendarDocumentSchema.parse(raw);
        return parseDocument(z.array(calendarKlassFlatSchema), raw);
      },
      onQueryStarted: reportLoadFailure,
    }),
    openPhotoBox: build.mutation<PhotoBox, CreatePhotoBoxBody>({
      query: (body) => ({ url: PHOTO_BOXES_API.boxes, method: 'POST', data: body }),
      transformResponse: parseBox,
      invalidatesTags: ['PhotoBox'],
    }),
    /** A new closing time: now closes the box, a later one extends it. */
    setPhotoBoxClosing: build.mutation<PhotoBox, { id: string; closesAt: string }>({
      query: ({ id, closesAt }) => ({
        url: PHOTO_BOXES_API.box(id),
        method: 'PATCH',
        data: { photo_box: { closes_at: closesAt } },
      }),
      transformResponse: parseBox,
      invalidatesTags: ['PhotoBox'],
    }),
    /** The photo becomes one post of the students it shows (each family is notified). */
    assignBoxPhoto: build.mutation<null, { boxId: string; photoId: string } & AssignPhotoBody>({
      query: ({ boxId, photoId, attendee_profile_ids }) => ({
        url: PHOTO_BOXES_API.assign(boxId, photoId),
        method: 'POST',
        data: { attendee_profile_ids },
      }),
      transformResponse: () => null,
      invalidatesTags: ['PhotoBox'],
    }),
    /** Staff: group photos held back by one child's stricter consent (decision 073). */
    heldPhotos: build.query<HeldPhoto[], void>({
      query: () => PHOTO_BOXES_API.heldPhotos,
      transformResponse: (raw: unknown) => heldPhotoListDocumentSchema.parse(raw).data,
      providesTags: ['PhotoBox'],
      onQueryStarted: reportLoadFailure,
    }),
    /** The students an assigned photo is tagged with from now on. */
    retagBoxPhoto: build.mutation<null, { boxId: string; photoId: string } & RetagPhotoBody>({
      query: ({ boxId, photoId, attendee_profile_ids }) => ({
        url: PHOTO_BOXES_API.tags(boxId, photoId),
        method: 'PUT',
        data: { attendee_profile_ids },
      }),
      transformResponse: () => null,
      invalidatesTags: ['PhotoBox', 'Post'],
    }),
    /** A crop of the assigned photo replaces it (re-encoded without metadata). */
    cropBoxPhoto: build.mutation<null, { boxId: string; photoId: string } & CropPhotoBody>({
      query: ({ boxId, photoId, crop }) => ({
        url: PHOTO_BOXES_API.crop(boxId, photoId),
        method: 'POST',
        data: { crop },
      }),
      transformResponse: () => null,
      invalidatesTags: ['PhotoBox', 'Post'],
    }),
    discardBoxPhoto: build.mutation<null, { boxId: string; photoId: string }>({
      query: ({ boxId, photoId }) => ({
        url: PHOTO_BOXES_API.photo(boxId, photoId),
        method: 'DELETE',
      }),
      transformResponse: () => null,
      invalidatesTags: ['PhotoBox'],
    }),
    /** No sign-in: what the upload page shows of a box (nothing about its students). */
    photoBoxLink: build.query<PhotoBoxPublic, string>({
      query: (token) => PHOTO_BOXES_API.box(encodeURIComponent(token)),
      transformResponse: (raw: unknown) => photoBoxPublicDocumentSchema.parse(raw).data.attributes,
    }),
    /**
     * No sign-in: one photo (multipart field `photo`) per request, with upload progress. It goes
     * through the app's HTTP client like every call (same error rules), with a longer timeout.
     */
    uploadBoxPhoto: build.mutation<{ id: string }, UploadPhotoArgs>({
      queryFn: async ({ token, file, onProgress }) => {
        const upload = makeClientUpload(
          apiClient,
          PHOTO_BOXES_API.upload(encodeURIComponent(token)),
          {
            field: 'photo',
            timeoutMs: PHOTO_UPLOAD_TIMEOUT_MS,
            // The box's limits count this phone apart from others on the school's network.
            headers: { [PHOTO_BOX_DEVICE_HEADER]: photoBoxDeviceId() },
          },
        );
        try {
          const body = await upload(file, onProgress);
          return { data: { id: photoBoxUploadDocumentSchema.parse(body).data.id } };
        } catch (error) {
          return { error: toApiError(error) };
        }
      },
    }),
  }),
});

export const {
  usePhotoBoxesQuery,
  usePhotoBoxKlassesQuery,
  useOpenPhotoBoxMutation,
  useSetPhotoBoxClosingMutation,
  useAssignBoxPhotoMutation,
  useHeldPhotosQuery,
  useRetagBoxPhotoMutation,
  useCropBoxPhotoMutation,
  useDiscardBoxPhotoMutation,
  usePhotoBoxLinkQuery,
  useUploadBoxPhotoMutation,
} = photoBoxesApi;
