import { FIRST_PAGE, type Notification } from '@atelier/contract';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { i18n } from '../../i18n/i18n';
import { queryData } from '../../lib/api';
import { handleError } from '../../lib/api-client';
import { liveNotificationReceived, notificationsApi } from './notifications-api';

export type NotificationsState = {
  /** Newest first, unique by id. */
  items: Notification[];
  /** The next page to fetch (docs/product.md#data-the-client-sees: starts at 1); advanced after each non-empty page. */
  page: number;
  unreadCount: number;
  /** A page fetch is in flight; a second one waits so no page is skipped or fetched twice. */
  fetching: boolean;
};

export const initialNotificationsState: NotificationsState = {
  items: [],
  page: FIRST_PAGE,
  unreadCount: 0,
  fetching: false,
};

function byNewestFirst(a: Notification, b: Notification): number {
  const diff = Date.parse(b.created_at) - Date.parse(a.created_at);
  if (diff !== 0) return diff;
  // Same instant: the later-created row has the larger (numeric) id.
  return b.id.localeCompare(a.id, 'en', { numeric: true });
}

/** docs/product.md#client-state: merged by id (the incoming copy wins), newest first. */
function mergeNotifications(current: Notification[], incoming: Notification[]): Notification[] {
  const byId = new Map(current.map((n) => [n.id, n]));
  for (const n of incoming) byId.set(n.id, n);
  return [...byId.values()].sort(byNewestFirst);
}

function markRead(state: NotificationsState, id: string): void {
  const item = state.items.find((n) => n.id === id);
  if (item && !item.read) {
    item.read = true;
    state.unreadCount = Math.max(0, state.unreadCount - 1);
  }
}

function markAllRead(state: NotificationsState): void {
  for (const item of state.items) item.read = true;
  state.unreadCount = 0;
}

type NotificationsThunkState = { notifications: NotificationsState };

/**
 * Loads the next page of notifications (docs/product.md#server-calls GET /api/v1/notifications?page=N). A non-empty
 * page is appended and advances the page counter (the slice follows the endpoint); an empty one
 * changes nothing.
 */
export const fetchNotifications = createAsyncThunk<
  { page: number; items: Notification[] },
  void,
  { state: NotificationsThunkState }
>(
  'notifications/fetch',
  async (_, { getState, dispatch }) => {
    const { page } = getState().notifications;
    try {
      const list = await queryData(
        dispatch(
          notificationsApi.endpoints.notificationsPage.initiate(page, {
            subscribe: false,
            forceRefetch: true,
          }),
        ),
      );
      return { page, items: list };
    } catch (error) {
      handleError(error, i18n.t('notifications.loadFailed'));
      throw error;
    }
  },
  { condition: (_, { getState }) => !getState().notifications.fetching },
);

/** PUT /api/v1/notifications/{id}/mark_read; the slice marks it read once the server agrees. */
export const markNotificationRead = createAsyncThunk(
  'notifications/markRead',
  async (id: string, { dispatch }) => {
    try {
      await dispatch(notificationsApi.endpoints.markNotificationRead.initiate(id)).unwrap();
    } catch (error) {
      handleError(error, i18n.t('notifications.markReadFailed'));
      throw error;
    }
  },
);

/** PUT /api/v1/notifications/mark_all_read. */
export const markAllNotificationsRead = createAsyncThunk(
  'notifications/markAllRead',
  async (_, { dispatch }) => {
    try {
      await dispatch(notificationsApi.endpoints.markAllNotificationsRead.initiate()).unwrap();
    } catch (error) {
      handleError(error, i18n.t('notifications.markAllRead'));
      throw error;
    }
  },
);

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    notificationsAdded(state, action: PayloadAction<Notification[]>) {
      state.items = mergeNotifications(state.items, action.payload);
    },
    /** Read goes false to true; the unread count follows when it changed. */
    notificationMarkedRead(state, action: PayloadAction<string>) {
      markRead(state, action.payload);
    },
    allNotificationsMarkedRead(state) {
      markAllRead(state);
    },
    notificationsPageIncremented(state) {
      state.page += 1;
    },
    unreadCountSet(state, action: PayloadAction<number>) {
      state.unreadCount = action.payload;
    },
  },
  extraReducers: (builder) => {
    const { endpoints } = notificationsApi;
    builder
      /** A live message is merged in like a fetched one (the unread count is refetched separately). */
      .addCase(liveNotificationReceived, (state, action) => {
        state.items = mergeNotifications(state.items, [action.payload]);
      })
      .addCase(fetchNotifications.pending, (state) => {
        state.fetching = true;
      })
      .addCase(fetchNotifications.fulfilled, (state) => {
        state.fetching = false;
      })
      .addCase(fetchNotifications.rejected, (state) => {
        state.fetching = false;
      })
      .addMatcher(endpoints.notificationsPage.matchFulfilled, (state, action) => {
        if (action.payload.length === 0) return;
        state.items = mergeNotifications(state.items, action.payload);
        state.page += 1;
      })
      .addMatcher(endpoints.unreadCount.matchFulfilled, (state, action) => {
        state.unreadCount = action.payload;
      })
      .addMatcher(endpoints.markNotificationRead.matchFulfilled, (state, action) => {
        markRead(state, action.meta.arg.originalArgs);
      })
      .addMatcher(endpoints.markAllNotificationsRead.matchFulfilled, (state) => {
        markAllRead(state);
      });
  },
  selectors: {
    selectNotifications: (state) => state.items,
    selectUnreadCount: (state) => state.unreadCount,
    selectNotificationsPage: (state) => state.page,
  },
});

export const {
  notificationsAdded,
  notificationMarkedRead,
  allNotificationsMarkedRead,
  notificationsPageIncremented,
  unreadCountSet,
} = notificationsSlice.actions;

export const { selectNotifications, selectUnreadCount, selectNotificationsPage } =
  notificationsSlice.selectors;

export const notificationsReducer = notificationsSlice.reducer;
