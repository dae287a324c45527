import { z } from 'zod';

/** ActionCable protocol messages (server → client) as the official client expects them. */
export const CABLE_PROTOCOL = 'actioncable-v1-json';
export const CABLE_UNSUPPORTED_PROTOCOL = 'actioncable-unsupported';

export const cableIdentifierSchema = z.object({ channel: z.string() }).catchall(z.unknown());
export type CableIdentifier = z.infer<typeof cableIdentifierSchema>;

/** A command the client sends: subscribe, unsubscribe or message. */
export const cableCommandSchema = z.object({
  command: z.enum(['subscribe', 'unsubscribe', 'message']),
  identifier: z.string(),
  data: z.string().optional(),
});
export type CableCommand = z.infer<typeof cableCommandSchema>;

export type CableServerMessage =
  | { type: 'welcome' }
  | { type: 'ping'; message: number }
  | { type: 'confirm_subscription'; identifier: string }
  | { type: 'reject_subscription'; identifier: string }
  | {
      type: 'disconnect';
      reason: 'unauthorized' | 'invalid_request' | 'server_restart';
      reconnect: boolean;
    }
  | { identifier: string; message: unknown };

export const NOTIFICATIONS_CHANNEL = 'NotificationsChannel';
