/**
 * The runtime configuration the server writes into the app's page as `window.__ATELIER_CONFIG__`
 * (docs/architecture.md#configuration, docs/decisions/002): what a deployment chooses that the
 * built JavaScript cannot know. Third-party ids are null when not configured.
 */
export type ClientConfig = {
  schoolName: string;
  contactEmail: string;
  sentryDsn: string | null;
  stripePublishableKey: string | null;
  currency: string;
  /**
   * The public base URL (APP_URL), no trailing slash: links meant to be opened on other devices,
   * such as a photo box's QR code, are built on it rather than on the address this page came from.
   */
  appUrl: string;
};
