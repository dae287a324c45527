// The messages module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).

export type {
  Family,
  MessageRow,
  MessagesReads,
  ScheduleFacts,
  SchedulePick,
  Window,
} from './messages.context';
export { type MessagesPluginOptions, messagesContextOf, messagesPlugin } from './messages.routes';
export { seedDemoMessages } from './messages.seed';
export { type MessagesContext, sendMessage } from './messages.service';
// A deleting family's part of this module (docs/decisions/072-a-familys-data-is-theirs.md).
export { eraseMessagesOf } from './messages-erasure.repository';
