import {
  parseDocument,
  WAITLIST_API,
  type WaitlistEntry,
  waitlistEntrySchema,
} from '@atelier/contract';
import { z } from 'zod';
import { api, reportLoadFailure } from '../../lib/api';

const MINE = { type: 'Waitlist' as const, id: 'MINE' };
const lineTag = (scheduleId: string) => ({
  type: 'Waitlist' as const,
  id: `schedule-${scheduleId}`,
});
const entries = (raw: unknown) => parseDocument(z.array(waitlistEntrySchema), raw);

/**
 * The waitlist (docs/product.md#waitlist): a family's entries and offers, joining, leaving and
 * declining; staff read, reorder and trim a schedule's line. Changes refresh the catalogue too
 * (an offer declined or an entry removed may move seats).
 */
export const waitlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    myWaitlist: build.query<WaitlistEntry[], void>({
      query: () => WAITLIST_API.mine,
      transformResponse: entries,
      providesTags: [MINE],
    }),
    joinWaitlist: build.mutation<WaitlistEntry, { scheduleId: string; seats: number }>({
      query: ({ scheduleId, seats }) => ({
        url: WAITLIST_API.scheduleWaitlist(scheduleId),
        method: 'POST',
        data: { seats },
      }),
      transformResponse: (raw: unknown) => parseDocument(waitlistEntrySchema, raw),
      invalidatesTags: (_result, error, { scheduleId }) =>
        error ? [] : [MINE, lineTag(scheduleId)],
    }),
    leaveWaitlist: build.mutation<void, { entryId: string; scheduleId: string }>({
      query: ({ entryId }) => ({ url: WAITLIST_API.entry(entryId), method: 'DELETE' }),
      invalidatesTags: (_result, error, { scheduleId }) =>
        error ? [] : [MINE, lineTag(scheduleId), 'KlassGroup', 'KlassGroupSchedule'],
    }),
    declineWaitlistOffer: build.mutation<void, { offerId: string; scheduleId: string }>({
      query: ({ offerId }) => ({ url: WAITLIST_API.declineOffer(offerId), method: 'POST' }),
      invalidatesTags: (_result, error, { scheduleId }) =>
        error ? [] : [MINE, lineTag(scheduleId), 'KlassGroup', 'KlassGroupSchedule'],
    }),
    scheduleWaitlist: build.query<WaitlistEntry[], string>({
      query: (scheduleId) => WAITLIST_API.scheduleWaitlist(scheduleId),
      transformResponse: entries,
      providesTags: (_result, _error, scheduleId) => [lineTag(scheduleId)],
      onQueryStarted: reportLoadFailure,
    }),
    reorderWaitlist: build.mutation<WaitlistEntry[], { scheduleId: string; entryIds: string[] }>({
      query: ({ scheduleId, entryIds }) => ({
        url: WAITLIST_API.scheduleWaitlist(scheduleId),
        method: 'PUT',
        data: { entry_ids: entryIds },
      }),
      transformResponse: entries,
      invalidatesTags: (_result, error, { scheduleId }) => (error ? [] : [lineTag(scheduleId)]),
    }),
  }),
});

export const {
  useMyWaitlistQuery,
  useJoinWaitlistMutation,
  useLeaveWaitlistMutation,
  useDeclineWaitlistOfferMutation,
  useScheduleWaitlistQuery,
  useReorderWaitlistMutation,
} = waitlistApi;
