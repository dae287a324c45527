/** Business constants of docs/product.md#constants, shared by server and web. */
export const REQUEST_TIMEOUT_MS = 7000;
export const FIRST_PAGE = 1;
export const DEFAULT_LANGUAGE = 'en';
export const LANGUAGES = ['en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
/**
 * The cookie holding a visitor's language choice, one for the public site and the app: the site's
 * language switch and the app's both write it, and both read it (docs/product.md#who-uses-it).
 */
export const LANGUAGE_COOKIE = 'site_lang';
/** How long a language choice is remembered: a year. */
export const LANGUAGE_COOKIE_MAX_AGE_S = 31_536_000;
export const DEFAULT_TIMEZONE = 'America/New_York';

/** ActionCable connection monitor constants (docs/product.md#constants). */
export const CABLE_STALE_THRESHOLD_S = 6;
export const CABLE_RECONNECTION_BACKOFF_RATE = 0.15;
export const CABLE_REOPEN_DELAY_MS = 500;
export const CABLE_SUBSCRIPTION_RETRY_MS = 500;
/** The server pings every 3 s, half the client's stale threshold. */
export const CABLE_PING_INTERVAL_MS = 3000;

/**
 * A guest's "Place order" comes back after sign-in as `/checkout?auto_submit=1`: the query
 * parameter that asks checkout to submit the saved order by itself, and its "on" value
 * (docs/product.md#checkout-and-orders). It rides in the route, not in storage.
 */
export const AUTO_SUBMIT_PARAM = 'auto_submit';
export const AUTO_SUBMIT_ON = '1';
export const BADGE_MAX = 9;
export const SNACKBAR_AUTO_HIDE_MS = 5000;
export const SNACKBAR_WARNING_AUTO_HIDE_MS = 7000;
export const DRAWER_WIDTH_PX = 200;
export const WIDE_LOGO_BREAKPOINT_PX = 800;
export const LOADING_OVERLAY_Z_INDEX = 9999;
export const SPINNER_SIZE = 48;
export const FOOTER_YEAR = 2021;
export const DATE_PICKER_MIN = '1900-01-01';
export const DATE_PICKER_MAX = '2099-12-31';
export const GUEST_CART_DB_VERSION = 1;

export const THEME_COLORS = {
  primary: '#41D9A0',
  error: '#FF0058',
  secondary: '#9A24F2',
  success: '#00c853',
  textPrimary: '#2b353a',
} as const;
export const MENU_FONT_SIZE = 16;
export const SUBMENU_FONT_SIZE = 12;

/** Session lifetime (docs/architecture.md#sessions); past half of it a response carries a fresh token. */
export const SESSION_LIFETIME_S = 24 * 60 * 60;

/** Local storage keys (docs/product.md#data-the-client-sees). */
export const STORAGE_KEYS = {
  jwt: 'jwt',
  orderParams: 'order_params',
  /** The id a photo box's upload page sends as its device (PHOTO_BOX_DEVICE_HEADER). */
  photoBoxDevice: 'photo_box_device',
} as const;

/** Server page size of every paged list (not shown to users). */
export const PAGE_SIZE = 20;
