import {
  type CalendarQuery,
  CLASSES_API,
  type Comment,
  type CreateReportBody,
  calendarDocumentSchema,
  calendarKlassFlatSchema,
  commentListDocumentSchema,
  commentSchema,
  type FlatCalendarKlass,
  feedbackSchema,
  GALLERY_API,
  type PageMeta,
  type Post,
  type PostScope,
  pageMetaSchema,
  parseDocument,
  postDocumentSchema,
  postListDocumentSchema,
  postSchema,
  type Report,
  reportListDocumentSchema,
  reportSchema,
} from '@atelier/contract';
import { z } from 'zod';
import { api, reportLoadFailure } from '../../lib/api';

/** Which list of GET /api/v1/posts a page shows. */
export type PostListArg = { scope: PostScope; attendeeProfileId?: string };

/** One page of posts and the cursor of the next (null at the end). */
export type PostPage = { posts: Post[]; nextCursor: string | null };

/** The fields of a new post (POST /api/v1/posts, multipart). */
export type NewPost = {
  attendeeProfileId: string;
  caption: string;
  klassId?: string;
  images: File[];
};

/** How much of an upload is sent (what the api client reports). */
export type UploadProgress = { loaded: number; total?: number };

export type CommentPage = { comments: Comment[]; meta: PageMeta | null };
export type ReportPage = { reports: Report[]; meta: PageMeta };

/**
 * Ten photos of up to 10 MB each can take minutes on a phone's upload link: the client's 7 s
 * (docs/product.md#server-calls) is for answers, not for sending artwork.
 */
const UPLOAD_TIMEOUT_MS = 5 * 60 * 1000;

const LIST = { type: 'Post' as const, id: 'LIST' };
const QUEUE = { type: 'Comment' as const, id: 'QUEUE' };
const REPORTS = { type: 'Report' as const, id: 'LIST' };
const postTag = (id: string) => ({ type: 'Post' as const, id });
const commentsTag = (postId: string) => ({ type: 'Comment' as const, id: `post-${postId}` });

const postList = z.array(postSchema);
const commentList = z.array(commentSchema);
const reportList = z.array(reportSchema);
const klassList = z.array(calendarKlassFlatSchema);

function parsePostPage(raw: unknown): PostPage {
  const { meta } = postListDocumentSchema.parse(raw);
  return { posts: parseDocument(postList, raw), nextCursor: meta.next_cursor };
}

function parsePost(raw: unknown): Post {
  postDocumentSchema.parse(raw);
  return parseDocument(postSchema, raw);
}

function parseCommentPage(raw: unknown): CommentPage {
  const { meta } = commentListDocumentSchema.parse(raw);
  return { comments: parseDocument(commentList, raw), meta: meta ?? null };
}

function newPostForm({ attendeeProfileId, caption, klassId, images }: NewPost): FormData {
  const form = new FormData();
  form.append('attendee_profile_id', attendeeProfileId);
  form.append('caption', caption);
  if (klassId) form.append('klass_id', klassId);
  for (const image of images) form.append('images', image);
  return form;
}

// Reports are the gallery's own cache entry; the shared api does not know the tag yet.
const galleryBase = api.enhanceEndpoints({ addTagTypes: ['Report'] });

/**
 * The gallery (docs/product.md#gallery): posts in cursor pages merged into one list, a post with
 * its teacher feedback, comments with one level of replies, reports, and the staff's queues.
 */
export const galleryApi = galleryBase.injectEndpoints({
  endpoints: (build) => ({
    posts: build.infiniteQuery<PostPage, PostListArg, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: GALLERY_API.posts,
        params: {
          scope: queryArg.scope,
          ...(queryArg.attendeeProfileId
            ? { attendee_profile_id: queryArg.attendeeProfileId }
            : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
      transformResponse: parsePostPage,
      providesTags: [LIST],
      onQueryStarted: reportLoadFailure,
    }),
    post: build.query<Post, string>({
      query: (id) => GALLERY_API.post(id),
      transformResponse: parsePost,
      providesTags: (_result, _error, id) => [postTag(id)],
    }),
    createPost: build.mutation<
      Post,
      NewPost & { onUploadProgress?: (event: UploadProgress) => void }
    >({
      query: ({ onUploadProgress, ...fields }) => ({
        url: GALLERY_API.posts,
        method: 'POST',
        data: newPostForm(fields),
        onUploadProgress,
        timeout: UPLOAD_TIMEOUT_MS,
      }),
      transformResponse: parsePost,
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    updatePost: build.mutation<
      Post,
      { id: string; changes: { caption?: string; klass_id?: string | null; hidden?: boolean } }
    >({
      query: ({ id, changes }) => ({
        url: GALLERY_API.post(id),
        method: 'PATCH',
        data: { post: changes },
      }),
      transformResponse: parsePost,
      invalidatesTags: (_result, error, { id }) => (error ? [] : [postTag(id), LIST]),
    }),
    deletePost: build.mutation<null, string>({
      query: (id) => ({ url: GALLERY_API.post(id), method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    postComments: build.query<Comment[], string>({
      query: (postId) => GALLERY_API.postComments(postId),
      transformResponse: (raw: unknown) => parseCommentPage(raw).comments,
      providesTags: (_result, _error, postId) => [commentsTag(postId)],
    }),
    createComment: build.mutation<Comment, { postId: string; body: string; parentId?: string }>({
      query: ({ postId, body, parentId }) => ({
        url: GALLERY_API.postComments(postId),
        method: 'POST',
        data: { comment: { body, ...(parentId ? { parent_id: parentId } : {}) } },
      }),
      transformResponse: (raw: unknown) => parseDocument(commentSchema, raw),
      invalidatesTags: (_result, error, { postId }) =>
        error ? [] : [commentsTag(postId), postTag(postId), QUEUE],
    }),
    updateComment: build.mutation<
      Comment,
      {
        id: string;
        postId: string;
        changes: { body?: string; approved?: true; hidden?: boolean };
      }
    >({
      query: ({ id, changes }) => ({
        url: GALLERY_API.comment(id),
        method: 'PATCH',
        data: { comment: changes },
      }),
      transformResponse: (raw: unknown) => parseDocument(commentSchema, raw),
      invalidatesTags: (_result, error, { postId }) =>
        error ? [] : [commentsTag(postId), postTag(postId), QUEUE],
    }),
    deleteComment: build.mutation<null, { id: string; postId: string }>({
      query: ({ id }) => ({ url: GALLERY_API.comment(id), method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: (_result, error, { postId }) =>
        error ? [] : [commentsTag(postId), postTag(postId), QUEUE],
    }),
    createFeedback: build.mutation<null, { postId: string; body: string }>({
      query: ({ postId, body }) => ({
        url: GALLERY_API.postFeedbacks(postId),
        method: 'POST',
        data: { feedback: { body } },
      }),
      transformResponse: () => null,
      // The post leaves the teacher's "awaiting feedback" list and enters the family's.
      invalidatesTags: (_result, error, { postId }) => (error ? [] : [postTag(postId), LIST]),
    }),
    updateFeedback: build.mutation<null, { id: string; postId: string; body: string }>({
      query: ({ id, body }) => ({
        url: GALLERY_API.feedback(id),
        method: 'PATCH',
        data: { feedback: { body } },
      }),
      transformResponse: (raw: unknown) => {
        parseDocument(feedbackSchema, raw);
        return null;
      },
      invalidatesTags: (_result, error, { postId }) => (error ? [] : [postTag(postId)]),
    }),
    deleteFeedback: build.mutation<null, { id: string; postId: string }>({
      query: ({ id }) => ({ url: GALLERY_API.feedback(id), method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: (_result, error, { postId }) => (error ? [] : [postTag(postId), LIST]),
    }),
    createReport: build.mutation<null, CreateReportBody['report']>({
      query: (report) => ({ url: GALLERY_API.reports, method: 'POST', data: { report } }),
      transformResponse: () => null,
      invalidatesTags: (_result, error) => (error ? [] : [REPORTS]),
    }),
    commentQueue: build.query<CommentPage, number>({
      query: (page) => ({ url: GALLERY_API.comments, params: { status: 'pending', page } }),
      transformResponse: parseCommentPage,
      providesTags: [QUEUE],
      onQueryStarted: reportLoadFailure,
    }),
    reports: build.query<ReportPage, number>({
      query: (page) => ({ url: GALLERY_API.reports, params: { page } }),
      transformResponse: (raw: unknown): ReportPage => ({
        reports: parseDocument(reportList, raw),
        meta: pageMetaSchema.parse(reportListDocumentSchema.parse(raw).meta),
      }),
      providesTags: [REPORTS],
      onQueryStarted: reportLoadFailure,
    }),
    resolveReport: build.mutation<null, string>({
      query: (id) => ({
        url: GALLERY_API.report(id),
        method: 'PATCH',
        data: { report: { resolved: true } },
      }),
      transformResponse: () => null,
      invalidatesTags: (_result, error) => (error ? [] : [REPORTS]),
    }),
    /** The family's (or teacher's) recent sessions, for "made in" on a new post. */
    galleryKlasses: build.query<FlatCalendarKlass[], CalendarQuery>({
      query: ({ from, to }) => ({ url: CLASSES_API.calendarKlasses, params: { from, to } }),
      transformResponse: (raw: unknown) => {
        calendarDocumentSchema.parse(raw);
        return parseDocument(klassList, raw);
      },
      providesTags: ['Klass'],
    }),
  }),
});

export const {
  usePostsInfiniteQuery,
  usePostQuery,
  useCreatePostMutation,
  useUpdatePostMutation,
  useDeletePostMutation,
  usePostCommentsQuery,
  useCreateCommentMutation,
  useUpdateCommentMutation,
  useDeleteCommentMutation,
  useCreateFeedbackMutation,
  useUpdateFeedbackMutation,
  useDeleteFeedbackMutation,
  useCreateReportMutation,
  useCommentQueueQuery,
  useReportsQuery,
  useResolveReportMutation,
  useGalleryKlassesQuery,
} = galleryApi;
