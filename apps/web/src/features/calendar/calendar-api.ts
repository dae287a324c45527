import {
  type CalendarQuery,
  CLASSES_API,
  calendarDocumentSchema,
  calendarFeedFlatSchema,
  calendarKlassFlatSchema,
  type FlatCalendarKlass,
  parseDocument,
} from '@atelier/contract';
import { z } from 'zod';
import { api, reportLoadFailure } from '../../lib/api';

/** A session in the signed-in user's calendar, flattened with its programme. */
export type CalendarKlass = FlatCalendarKlass;

/** The private feed: its URL, or null while there is none. */
export type CalendarFeed = { url: string | null; created_at: string | null };

function parseFeed(raw: unknown): CalendarFeed {
  const { url, created_at } = parseDocument(calendarFeedFlatSchema, raw);
  return { url, created_at };
}

/** Everyone's class calendar (docs/product.md#routes-and-screens /classes) and the private iCalendar feed. */
export const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    calendarKlasses: build.query<CalendarKlass[], CalendarQuery>({
      query: ({ from, to }) => ({ url: CLASSES_API.calendarKlasses, params: { from, to } }),
      transformResponse: (raw: unknown) => {
        // The document's own schema first (it types `meta`), then the flattened sessions.
        calendarDocumentSchema.parse(raw);
        return parseDocument(z.array(calendarKlassFlatSchema), raw);
      },
      providesTags: ['Klass'],
      onQueryStarted: reportLoadFailure,
    }),
    calendarFeed: build.query<CalendarFeed, void>({
      query: () => CLASSES_API.calendarFeed,
      transformResponse: parseFeed,
    }),
    regenerateCalendarFeed: build.mutation<CalendarFeed, void>({
      query: () => ({ url: CLASSES_API.calendarFeed, method: 'POST' }),
      transformResponse: parseFeed,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(calendarApi.util.upsertQueryData('calendarFeed', undefined, data));
        } catch {
          // The caller reports the failure; the cached feed stays as it was.
        }
      },
    }),
    revokeCalendarFeed: build.mutation<void, void>({
      query: () => ({ url: CLASSES_API.calendarFeed, method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            calendarApi.util.upsertQueryData('calendarFeed', undefined, {
              url: null,
              created_at: null,
            }),
          );
        } catch {
          // The caller reports the failure; the cached feed stays as it was.
        }
      },
    }),
  }),
});

export const {
  useCalendarKlassesQuery,
  useCalendarFeedQuery,
  useRegenerateCalendarFeedMutation,
  useRevokeCalendarFeedMutation,
} = calendarApi;
