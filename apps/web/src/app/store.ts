import {
  combineReducers,
  configureStore,
  createListenerMiddleware,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { searchDialogReducer } from '../components/dialogs/search-dialog-slice';
import { ordersReducer } from '../features/orders';
import { endSession, sessionReducer } from '../features/session';
import { languageReducer, liveLanguageSet } from '../i18n/language-slice';
import { api } from '../lib/api';
import { installApiClient, setContentLanguage } from '../lib/api-client';
import { resetStore } from '../lib/reset-store';
import { sessionExpired } from '../lib/session-expired';
import { snackbarReducer } from '../lib/snackbar-slice';
import { shellReducer } from './shell/shell-slice';

const appReducer = combineReducers({
  session: sessionReducer,
  shell: shellReducer,
  snackbar: snackbarReducer,
  language: languageReducer,
  searchDialog: searchDialogReducer,
  orders: ordersReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof appReducer>;

/**
 * docs/product.md#client-state "Clearing the store resets everything": `resetStore()` returns every slice to its start;
 * `resetStore({ keepLayout: true })` leaves the drawer as it was.
 */
export const rootReducer: typeof appReducer = (state, action) => {
  if (!resetStore.match(action)) return appReducer(state, action);
  const fresh = appReducer(undefined, action);
  const drawerOpen = state?.shell?.drawerOpen;
  if (!action.payload?.keepLayout || drawerOpen === undefined) return fresh;
  return { ...fresh, shell: { ...fresh.shell, drawerOpen } };
};

/**
 * Builds a store (one per app, one per test). It also binds the api client to this store, so
 * the latest store made receives the client's snackbars and 401 sign-outs.
 */
/**
 * The answers that name what the school wrote (programmes, schedules, passes, rooms) in the
 * reader's language, besides the catalogue: fetched again when the language changes.
 */
const NAMED_IN_LANGUAGE = [
  'CartItem',
  'Klass',
  'Makeup',
  'Trial',
  'Pass',
  'Enrollment',
  'Waitlist',
  'Billing',
  'Message',
  'Attendance',
  // A post names the class it was made in.
  'Post',
] as const;

export function makeStore(preloadedState?: Partial<RootState>) {
  const listeners = createListenerMiddleware<
    RootState,
    ThunkDispatch<RootState, unknown, UnknownAction>
  >();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listeners.middleware).concat(api.middleware),
  });

  // The root reducer already emptied the cache; this also clears RTK Query's middleware
  // bookkeeping (subscriptions, timers), which lives outside the state.
  listeners.startListening({
    actionCreator: resetStore,
    effect: (_, { dispatch }) => {
      dispatch(api.util.resetApiState());
    },
  });

  // docs/product.md#error-handling: a 401 anywhere signs out (storage cleared, live connection closed, /login).
  listeners.startListening({
    actionCreator: sessionExpired,
    effect: async (_, { dispatch }) => {
      await dispatch(endSession());
    },
  });

  // What the school wrote comes in the screen's language (docs/architecture.md#translated-content):
  // calls carry it, and what is on screen is fetched again in the new one.
  listeners.startListening({
    actionCreator: liveLanguageSet,
    effect: (action, { dispatch, getOriginalState }) => {
      setContentLanguage(action.payload);
      if (getOriginalState().language.liveLanguage === action.payload) return;
      dispatch(
        api.util.invalidateTags([{ type: 'KlassGroup', id: 'CATALOGUE' }, ...NAMED_IN_LANGUAGE]),
      );
    },
  });

  installApiClient(store);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
