import {
  ACCOUNTS_API,
  addonFlatSchema,
  CLASSES_API,
  type CreateAddonBody,
  type CreateKlassGroupBody,
  type CreateScheduleBody,
  FIRST_PAGE,
  type FlatAddon,
  type FlatKlass,
  type FlatKlassGroup,
  type FlatSchedule,
  klassFlatSchema,
  klassGroupFlatSchema,
  type PreviewScheduleBody,
  parseDocument,
  scheduleFlatSchema,
  schedulePreviewDocumentSchema,
  type UpdateAddonBody,
  type UpdateKlassBody,
  type UpdateKlassGroupBody,
  type UpdateScheduleBody,
  type User,
  userSchema,
} from '@atelier/contract';
import { z } from 'zod';
import { api, reportLoadFailure } from '../../lib/api';
import { mergeById, replaceById } from '../../lib/merge-by-id';
import { type Paged, parsePaged } from '../../lib/paged-list';

export type KlassGroupListArgs = { page: number; search?: string };
export type SchedulePreview = z.infer<typeof schedulePreviewDocumentSchema>;

/** Tag of one schedule document: every change to its sessions, add-ons or plans refreshes it. */
const scheduleTag = (id: string) => ({ type: 'KlassGroupSchedule' as const, id });
const klassGroupTag = (id: string) => ({ type: 'KlassGroup' as const, id });
const LIST = 'LIST';

/** The programmes list's one entry, whatever page or search it was last asked for. */
const LIST_ARG: KlassGroupListArgs = { page: FIRST_PAGE };

/** The answer of a mutation, or null when it failed (its caller hears of that). */
async function answerOf<T>(queryFulfilled: Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await queryFulfilled).data;
  } catch {
    return null;
  }
}

/**
 * The admin classes endpoints (programmes, schedules, sessions, add-ons, plans) and the teacher
 * search. Every response is flattened and parsed with shapes made of the contract's schemas.
 */
export const classesApi = api.injectEndpoints({
  endpoints: (build) => ({
    klassGroups: build.query<Paged<FlatKlassGroup>, KlassGroupListArgs>({
      query: ({ page, search }) => ({
        url: CLASSES_API.klassGroups,
        params: { page, ...(search ? { search } : {}) },
      }),
      transformResponse: (raw: unknown) => parsePaged(z.array(klassGroupFlatSchema), raw),
      // docs/product.md#client-state `klassGroupLists` and `klassGroupPage`: one entry whatever
      // page is asked for; a first page (a visit, a new search) replaces the list and so puts the
      // page back to 1, a later page ("Load more") is merged in by id. `meta.page` is the counter.
      serializeQueryArgs: ({ endpointName }) => endpointName,
      merge: (current, incoming, { arg }) =>
        arg.page <= FIRST_PAGE
          ? incoming
          : { items: mergeById(current.items, incoming.items), meta: incoming.meta },
      forceRefetch: ({ currentArg, previousArg }) =>
        currentArg?.page !== previousArg?.page || currentArg?.search !== previousArg?.search,
      providesTags: (result) => [
        { type: 'KlassGroup', id: LIST },
        ...(result?.items ?? []).map((g) => klassGroupTag(g.id)),
      ],
      onQueryStarted: reportLoadFailure,
    }),
    klassGroup: build.query<FlatKlassGroup, string>({
      query: (id) => CLASSES_API.klassGroup(id),
      transformResponse: (raw: unknown) => parseDocument(klassGroupFlatSchema, raw),
      providesTags: (_result, _error, id) => [klassGroupTag(id)],
    }),
    createKlassGroup: build.mutation<FlatKlassGroup, CreateKlassGroupBody['klass_group']>({
      query: (fields) => ({
        url: CLASSES_API.klassGroups,
        method: 'POST',
        data: { klass_group: fields },
      }),
      transformResponse: (raw: unknown) => parseDocument(klassGroupFlatSchema, raw),
      // The answer is the new programme: it shows at the end of the list at once.
      async onQueryStarted(_fields, { dispatch, queryFulfilled }) {
        const created = await answerOf(queryFulfilled);
        if (!created) return;
        dispatch(
          classesApi.util.updateQueryData('klassGroups', LIST_ARG, (list) => ({
            items: mergeById(list.items, [created]),
            meta: { ...list.meta, total: list.meta.total + 1 },
          })),
        );
      },
    }),
    updateKlassGroup: build.mutation<
      FlatKlassGroup,
      { id: string; fields: UpdateKlassGroupBody['klass_group'] }
    >({
      query: ({ id, fields }) => ({
        url: CLASSES_API.klassGroup(id),
        method: 'PATCH',
        data: { klass_group: fields },
      }),
      transformResponse: (raw: unknown) => parseDocument(klassGroupFlatSchema, raw),
      // The answer is the programme as it now is: it replaces its row and its own entry.
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const updated = await answerOf(queryFulfilled);
        if (updated) dispatch(klassGroupAnswered(updated));
      },
    }),
    removeKlassGroupImage: build.mutation<FlatKlassGroup, string>({
      query: (id) => ({ url: CLASSES_API.klassGroupImage(id), method: 'DELETE' }),
      transformResponse: (raw: unknown) => parseDocument(klassGroupFlatSchema, raw),
      invalidatesTags: (_result, error, id) => (error ? [] : [klassGroupTag(id)]),
    }),
    /**
     * docs/product.md#client-state: deleting a programme drops its row, and its own entry goes
     * (invalidated) with the schedules it held.
     */
    deleteKlassGroup: build.mutation<void, string>({
      query: (id) => ({ url: CLASSES_API.klassGroup(id), method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(
          classesApi.util.updateQueryData('klassGroups', LIST_ARG, (list) =>
            list.items.some((g) => g.id === id)
              ? {
                  items: list.items.filter((g) => g.id !== id),
                  meta: { ...list.meta, total: Math.max(0, list.meta.total - 1) },
                }
              : list,
          ),
        );
      },
      invalidatesTags: (_result, error, id) => (error ? [] : [klassGroupTag(id)]),
    }),

    previewSchedule: build.mutation<SchedulePreview, PreviewScheduleBody['klass_group_schedule']>({
      query: (pattern) => ({
        url: CLASSES_API.schedulePreview,
        method: 'POST',
        data: { klass_group_schedule: pattern },
      }),
      transformResponse: (raw: unknown) => schedulePreviewDocumentSchema.parse(raw),
    }),
    createSchedule: build.mutation<
      FlatSchedule,
      { klassGroupId: string; fields: CreateScheduleBody['klass_group_schedule'] }
    >({
      query: ({ klassGroupId, fields }) => ({
        url: CLASSES_API.klassGroupSchedules(klassGroupId),
        method: 'POST',
        data: { klass_group_schedule: fields },
      }),
      transformResponse: (raw: unknown) => parseDocument(scheduleFlatSchema, raw),
      invalidatesTags: (_result, _error, { klassGroupId }) => [klassGroupTag(klassGroupId)],
    }),
    schedule: build.query<FlatSchedule, string>({
      query: (id) => CLASSES_API.schedule(id),
      transformResponse: (raw: unknown) => parseDocument(scheduleFlatSchema, raw),
      providesTags: (_result, _error, id) => [scheduleTag(id)],
    }),
    updateSchedule: build.mutation<
      FlatSchedule,
      { id: string; klassGroupId: string; fields: UpdateScheduleBody['klass_group_schedule'] }
    >({
      query: ({ id, fields }) => ({
        url: CLASSES_API.schedule(id),
        method: 'PATCH',
        data: { klass_group_schedule: fields },
      }),
      transformResponse: (raw: unknown) => parseDocument(scheduleFlatSchema, raw),
      invalidatesTags: (_result, error, { id, klassGroupId }) =>
        error ? [] : [scheduleTag(id), klassGroupTag(klassGroupId), { type: 'Plan', id: LIST }],
    }),
    /** The schedule leaves its programme's entry; the plans it used are asked for again. */
    deleteSchedule: build.mutation<void, { id: string; klassGroupId: string }>({
      query: ({ id }) => ({ url: CLASSES_API.schedule(id), method: 'DELETE' }),
      async onQueryStarted({ id, klassGroupId }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(
          classesApi.util.updateQueryData('klassGroup', klassGroupId, (group) => ({
            ...group,
            klass_group_schedules: group.klass_group_schedules.filter((s) => s.id !== id),
          })),
        );
      },
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Plan', id: LIST }]),
    }),

    addKlass: build.mutation<FlatKlass, { scheduleId: string; starts_at: string; ends_at: string }>(
      {
        query: ({ scheduleId, starts_at, ends_at }) => ({
          url: CLASSES_API.scheduleKlasses(scheduleId),
          method: 'POST',
          data: { klass: { starts_at, ends_at } },
        }),
        transformResponse: (raw: unknown) => parseDocument(klassFlatSchema, raw),
        invalidatesTags: (_result, error, { scheduleId }) =>
          error ? [] : [scheduleTag(scheduleId)],
      },
    ),
    updateKlass: build.mutation<
      FlatKlass,
      { id: string; scheduleId: string; fields: UpdateKlassBody['klass'] }
    >({
      query: ({ id, fields }) => ({
        url: CLASSES_API.klass(id),
        method: 'PATCH',
        data: { klass: fields },
      }),
      transformResponse: (raw: unknown) => parseDocument(klassFlatSchema, raw),
      invalidatesTags: (_result, error, { scheduleId }) => (error ? [] : [scheduleTag(scheduleId)]),
    }),

    addAddon: build.mutation<FlatAddon, { scheduleId: string; fields: CreateAddonBody['addon'] }>({
      query: ({ scheduleId, fields }) => ({
        url: CLASSES_API.scheduleAddons(scheduleId),
        method: 'POST',
        data: { addon: fields },
      }),
      transformResponse: (raw: unknown) => parseDocument(addonFlatSchema, raw),
      invalidatesTags: (_result, error, { scheduleId }) => (error ? [] : [scheduleTag(scheduleId)]),
    }),
    updateAddon: build.mutation<
      FlatAddon,
      { id: string; scheduleId: string; fields: UpdateAddonBody['addon'] }
    >({
      query: ({ id, fields }) => ({
        url: CLASSES_API.addon(id),
        method: 'PATCH',
        data: { addon: fields },
      }),
      transformResponse: (raw: unknown) => parseDocument(addonFlatSchema, raw),
      invalidatesTags: (_result, error, { scheduleId }) => (error ? [] : [scheduleTag(scheduleId)]),
    }),
    deleteAddon: build.mutation<void, { id: string; scheduleId: string }>({
      query: ({ id }) => ({ url: CLASSES_API.addon(id), method: 'DELETE' }),
      invalidatesTags: (_result, error, { scheduleId }) => (error ? [] : [scheduleTag(scheduleId)]),
    }),

    /** Teachers whose name or e-mail contains `keyword` (the user search, role teacher). */
    teachers: build.query<User[], string>({
      query: (keyword) => ({
        url: ACCOUNTS_API.usersSearch,
        params: { role: 'teacher', ...(keyword ? { keyword } : {}) },
      }),
      transformResponse: (raw: unknown) => parseDocument(z.array(userSchema), raw),
      onQueryStarted: reportLoadFailure,
    }),
  }),
});

/**
 * A programme as an answer gave it (an update, or its image uploaded outside the endpoints)
 * replaces its row in the list and its own entry (docs/decisions/056-server-data-lives-in-the-rtk-query-cache.md).
 */
export function klassGroupAnswered(group: FlatKlassGroup) {
  return (dispatch: (action: unknown) => unknown): void => {
    dispatch(
      classesApi.util.updateQueryData('klassGroups', LIST_ARG, (list) => ({
        ...list,
        items: replaceById(list.items, group),
      })),
    );
    dispatch(classesApi.util.updateQueryData('klassGroup', group.id, () => group));
  };
}

export const {
  useKlassGroupsQuery,
  useKlassGroupQuery,
  useCreateKlassGroupMutation,
  useUpdateKlassGroupMutation,
  useDeleteKlassGroupMutation,
  useRemoveKlassGroupImageMutation,
  usePreviewScheduleMutation,
  useCreateScheduleMutation,
  useScheduleQuery,
  useUpdateScheduleMutation,
  useDeleteScheduleMutation,
  useAddKlassMutation,
  useUpdateKlassMutation,
  useAddAddonMutation,
  useUpdateAddonMutation,
  useDeleteAddonMutation,
  useTeachersQuery,
} = classesApi;
