import { API, FIRST_PAGE, type Notification } from '@atelier/contract';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { i18n } from '../../i18n/i18n';
import { apiClient, handleError } from '../../lib/api-client';
import { loadContractParsers } from '../../lib/load-contract-parsers';

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

type NotificationsThunkState = { notifications: NotificationsState };

/**
 * Loads the next page of notifications (docs/product.md#server-calls GET /api/v1/notifications?page=N). A non-empty
 * page is appended and advances the page counter; an empty one changes nothing.
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
      const response = await apiClient.get(API.notifications, { params: { page } });
      const { parseNotificationList } = await loadContractParsers();
      const list = parseNotificationList(response.data);
      if (list.length > 0) {
        dispatch(notificationsAdded(list));
        dispatch(notificationsPageIncremented());
      }
      return { page, items: list };
    } catch (error) {
      handleError(error, i18n.t('notifications.loadFailed'));
      throw error;
    }
  },
  { condition: (_, { getState }) => !getState().notifications.fetching },
);

/** GET /api/v1/notifications/unread_count: `data` is the count. */
export const fetchUnreadCount = createAsyncThunk(
  'notifications/fetchUnreadCount',
  async (_, { dispatch }) => {
    try {
      const response = await apiClient.get(API.notificationsUnreadCount);
      const { parseUnreadCount } = await loadContractParsers();
      const count = parseUnreadCount(response.data);
      dispatch(unreadCountSet(count));
      return count;
    } catch (error) {
      handleError(error);
      throw error;
    }
  },
);

/** PUT /api/v1/notifications/{id}/mark_read; marks it read locally once the server agrees. */
export const markNotificationRead = createAsyncThunk(
  'notifications/markRead',
  async (id: string, { dispatch }) => {
    try {
      await apiClient.put(API.notificationMarkRead(id));
      dispatch(notificationMarkedRead(id));
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
      await apiClient.put(API.notificationsMarkAllRead);
      dispatch(allNotificationsMarkedRead());
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
      const item = state.items.find((n) => n.id === action.payload);
      if (item && !item.read) {
        item.read = true;
        state.unreadCount = Math.max(0, state.unreadCount - 1);
      }
    },
    allNotificationsMarkedRead(state) {
      for (const item of state.items) item.read = true;
      state.unreadCount = 0;
    },
    notificationsPageIncremented(state) {
      state.page += 1;
    },
    unreadCountSet(state, action: PayloadAction<number>) {
      state.unreadCount = action.payload;
    },
    /** A live message is merged in like a fetched one (the unread count is refetched separately). */
    liveNotificationReceived(state, action: PayloadAction<Notification>) {
      state.items = mergeNotifications(state.items, [action.payload]);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchNotifications.pending, (state) => {
        state.fetching = true;
      })
      .addCase(fetchNotifications.fulfilled, (state) => {
        state.fetching = false;
      })
      .addCase(fetchNotifications.rejected, (state) => {
        state.fetching = false;
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
  liveNotificationReceived,
} = notificationsSlice.actions;

export const { selectNotifications, selectUnreadCount, selectNotificationsPage } =
  notificationsSlice.selectors;

export const notificationsReducer = notificationsSlice.reducer;
export default notificationsSlice;

/**
 * docs/product.md#server-calls live channel: each message is a notification document, parsed as a resource and added;
 * then the unread count is refetched. A malformed message is logged and dropped.
 */
export const liveMessageReceived = createAsyncThunk(
  'notifications/liveMessageReceived',
  async (message: unknown, { dispatch }) => {
    let notification: Notification;
    try {
      const { parseNotificationDocument } = await loadContractParsers();
      notification = parseNotificationDocument(message);
    } catch (error) {
      console.error('Dropped a malformed live notification', error);
      return;
    }
    dispatch(liveNotificationReceived(notification));
    await dispatch(fetchUnreadCount());
  },
);
