import { z } from 'zod';

// The constants and message types live in cable.constants.ts: the web app's start-up needs the
// channel name, and importing it from here would build these schemas (and load zod) on every
// first visit (docs/decisions/021-precompressed-assets-and-first-visit-budget.md).

export const cableIdentifierSchema = z.object({ channel: z.string() }).catchall(z.unknown());
export type CableIdentifier = z.infer<typeof cableIdentifierSchema>;

/** A command the client sends: subscribe, unsubscribe or message. */
export const cableCommandSchema = z.object({
  command: z.enum(['subscribe', 'unsubscribe', 'message']),
  identifier: z.string(),
  data: z.string().optional(),
});
export type CableCommand = z.infer<typeof cableCommandSchema>;
