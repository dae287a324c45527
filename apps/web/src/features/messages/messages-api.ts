import {
  type CreateMessageBody,
  MESSAGES_API,
  type Message,
  type MessageSchedule,
  messageDocumentSchema,
  messageListDocumentSchema,
  messageScheduleListDocumentSchema,
  messageScheduleSchema,
  messageSchema,
  parseDocument,
  type User,
  userSchema,
} from '@atelier/contract';
import { z } from 'zod';
import { api, reportLoadFailure } from '../../lib/api';
import { type Paged, parsePaged } from '../../lib/paged-list';

const SENT = { type: 'Message' as const, id: 'SENT' };
const RECEIVED = { type: 'Message' as const, id: 'RECEIVED' };
const messageTag = (id: string) => ({ type: 'Message' as const, id });

const messageList = (raw: unknown) => {
  messageListDocumentSchema.parse(raw);
  return parsePaged(z.array(messageSchema), raw);
};
const oneMessage = (raw: unknown) => {
  messageDocumentSchema.parse(raw);
  return parseDocument(messageSchema, raw);
};

/*
 * Class messages (docs/product.md#class-messages): staff send them and read their receipts; a
 * family lists what it received and opens a message, which counts as reading it.
 */
export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Staff: a page of what they sent, newest first, with read counts. */
    sentMessages: build.query<Paged<Message>, number>({
      query: (page) => ({ url: MESSAGES_API.list, params: { page } }),
      transformResponse: messageList,
      providesTags: [SENT],
      onQueryStarted: reportLoadFailure,
    }),
    /** A family: a page of what it received, newest first, each with its read time. */
    receivedMessages: build.query<Paged<Message>, number>({
      query: (page) => ({ url: MESSAGES_API.received, params: { page } }),
      transformResponse: messageList,
      providesTags: [RECEIVED],
      onQueryStarted: reportLoadFailure,
    }),
    /**
     * One message: the sender's view carries the read receipts; a recipient's fetch is what
     * marks it read, so their list is refreshed to drop its "new" mark.
     */
    message: build.query<Message, string>({
      query: (id) => MESSAGES_API.one(id),
      transformResponse: oneMessage,
      providesTags: (_result, _error, id) => [messageTag(id)],
      onQueryStarted: async (_id, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          if (data.recipients === null) dispatch(api.util.invalidateTags([RECEIVED]));
        } catch {
          // The dialog shows the failure where the message would be.
        }
      },
    }),
    sendMessage: build.mutation<Message, CreateMessageBody['message']>({
      query: (message) => ({ url: MESSAGES_API.list, method: 'POST', data: { message } }),
      transformResponse: oneMessage,
      invalidatesTags: (_result, error) => (error ? [] : [SENT]),
    }),
    /** Staff: the schedules they may write to whose names hold `keyword`, with their sessions. */
    messageSchedules: build.query<MessageSchedule[], string>({
      query: (keyword) => ({
        url: MESSAGES_API.schedules,
        params: keyword ? { keyword } : {},
      }),
      transformResponse: (raw: unknown) => {
        messageScheduleListDocumentSchema.parse(raw);
        return parseDocument(z.array(messageScheduleSchema), raw);
      },
      onQueryStarted: reportLoadFailure,
    }),
    /** Staff: the family accounts they may write to whose name or e-mail holds `keyword`. */
    messageFamilies: build.query<User[], string>({
      query: (keyword) => ({
        url: MESSAGES_API.families,
        params: keyword ? { keyword } : {},
      }),
      transformResponse: (raw: unknown) => parseDocument(z.array(userSchema), raw),
      onQueryStarted: reportLoadFailure,
    }),
  }),
});

export const {
  useSentMessagesQuery,
  useReceivedMessagesQuery,
  useMessageQuery,
  useSendMessageMutation,
  useMessageSchedulesQuery,
  useMessageFamiliesQuery,
} = messagesApi;
