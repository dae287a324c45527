/** ActionCable protocol messages (server → client) as the official client expects them. */
export const CABLE_PROTOCOL = 'actioncable-v1-json';
export const CABLE_UNSUPPORTED_PROTOCOL = 'actioncable-unsupported';

export type CableServerMessage =
  | { type: 'welcome' }
  | { type: 'ping'; message: number }
  | { type: 'confirm_subscription'; identifier: string }
  | { type: 'reject_subscription'; identifier: string }
  | { type: 'disconnect'; reason: CableDisconnectReason; reconnect: boolean }
  | { identifier: string; message: unknown };

/**
 * Disconnect reasons the server sends: the client's `disconnect_reasons` it uses, and
 * `too_many_connections` for a socket beyond its token's limit (the client reads only `reconnect`).
 */
export const CABLE_DISCONNECT_REASONS = [
  'unauthorized',
  'invalid_request',
  'server_restart',
  'too_many_connections',
] as const;
export type CableDisconnectReason = (typeof CABLE_DISCONNECT_REASONS)[number];

/**
 * The one channel: streams the signed-in user's notifications. Each broadcast's `message` is a
 * notification document (`notificationDocumentSchema`: `{data, included}`), never anything else.
 */
export const NOTIFICATIONS_CHANNEL = 'NotificationsChannel';

/** The query parameter carrying the session token: `/cable?token=JWT` (docs/architecture.md#live-channel). */
export const CABLE_TOKEN_PARAM = 'token';

/** `/cable?token=…` for a token; the client makes it absolute (ws:// or wss://) itself. */
export const cablePath = (token: string) =>
  `/cable?${CABLE_TOKEN_PARAM}=${encodeURIComponent(token)}`;
