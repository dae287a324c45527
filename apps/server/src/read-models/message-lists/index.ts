// Class messages' reads across modules (docs/decisions/054-module-boundaries.md): the lists and
// the schedules picker here, who a message reaches from the audiences read model; app.ts hands
// them to the messages module's context.
import type { MessagesReads } from '../../modules/messages';
import {
  familiesOfSchedule,
  familiesTaughtBy,
  familiesToWrite,
  recipientsOfMessage,
} from '../audiences';
import {
  messageById,
  receivedMessages,
  schedulesToWrite,
  sentMessages,
} from './message-lists.queries';

/** The messages module's reads, as its context takes them. */
export const messagesReads: MessagesReads = {
  familiesOfSchedule,
  familiesTaughtBy,
  recipientsOfMessage,
  sentMessages,
  messageById,
  receivedMessages,
  schedulesToWrite,
  familiesToWrite,
};
