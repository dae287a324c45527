import {
  commentDocumentSchema,
  commentListDocumentSchema,
  commentQueueQuerySchema,
  createCommentBodySchema,
  createPostFieldsSchema,
  createReportBodySchema,
  feedbackBodySchema,
  feedbackDocumentSchema,
  GALLERY_API,
  idParamsSchema,
  POST_IMAGES_MAX,
  postDocumentSchema,
  postListDocumentSchema,
  postListQuerySchema,
  reportDocumentSchema,
  reportListDocumentSchema,
  reportListQuerySchema,
  updateCommentBodySchema,
  updatePostBodySchema,
  updateReportBodySchema,
} from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ValidationError } from '../../lib/app-error';
import { bearer, errorResponses, optionalBearer, viewerOf } from '../../lib/http';
import { requestLanguage } from '../../lib/request-language';
import { ARTWORK_UPLOADS, acceptUploads } from '../../storage/storage.plugin';
import { readMultipartFiles } from '../../storage/uploads';
import { requireRole, requireUser } from '../users';
import {
  addComment,
  addFeedback,
  closeReport,
  commentQueue,
  editComment,
  editFeedback,
  fileReport,
  listComments,
  listReports,
  removeComment,
  removeFeedback,
} from './conversation.service';
import type { GalleryContext } from './gallery.context';
import type { GalleryViewer } from './gallery-viewer';
import { createPost, editPost, getPost, listPosts, removePost } from './posts.service';

const tags = ['gallery'];
const done = z.null().describe('Done');

/**
 * The viewer of a route open to guests: a guest is null; a token that was sent but refused is
 * still a 401 (the web then signs in again rather than showing less).
 */
function viewerOrGuest(request: FastifyRequest): GalleryViewer {
  if (request.session) return viewerOf(request);
  if (request.sessionError) throw request.sessionError;
  return null;
}

/** The gallery's routes (docs/product.md#gallery): posts, comments, teacher feedback and reports. */
export const galleryRoutes: FastifyPluginAsyncZod<{ ctx: GalleryContext }> = async (app, opts) => {
  const { ctx } = opts;
  const signedIn = { onRequest: requireUser };
  const staff = { onRequest: requireRole('teacher', 'admin') };

  // Multipart only for the one upload route: @fastify/multipart hooks every request in its scope.
  await app.register(async (uploads) => {
    await acceptUploads(uploads, ARTWORK_UPLOADS);
    uploads.withTypeProvider<ZodTypeProvider>().post(
      GALLERY_API.posts,
      {
        ...signedIn,
        schema: {
          tags,
          security: bearer,
          summary: `A new post for one of your family members (staff: any student): multipart with fields attendee_profile_id, caption, klass_id and 1–${POST_IMAGES_MAX} files \`images\` (JPEG, PNG or WebP, 10 MB each); images are processed after the answer`,
          consumes: ['multipart/form-data'],
          response: { 201: postDocumentSchema, ...errorResponses(400, 401, 422) },
        },
      },
      async (request, reply) => {
        const { fields, files } = await readMultipartFiles(request, 'images', {
          max: POST_IMAGES_MAX,
        });
        const parsed = createPostFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          throw new ValidationError(
            parsed.error.issues.map((issue) => ({
              field: issue.path.map(String).join('.') || 'base',
              detail: issue.message,
            })),
          );
        }
        const document = await createPost(
          ctx,
          viewerOf(request),
          parsed.data,
          files,
          requestLanguage(request),
        );
        return reply.code(201).send(document);
      },
    );
  });

  app.get(
    GALLERY_API.posts,
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        summary:
          'Posts newest first, a page at a time (meta.next_cursor): scope feed (the classes you are part of), mine, feedback (family: with feedback; teacher: awaiting yours) or student (attendee_profile_id)',
        querystring: postListQuerySchema,
        response: { 200: postListDocumentSchema, ...errorResponses(401, 404, 422) },
      },
    },
    (request) => listPosts(ctx, viewerOf(request), request.query, requestLanguage(request)),
  );

  app.get(
    GALLERY_API.post(':id'),
    {
      schema: {
        tags,
        summary:
          'One post with its teacher feedback; a guest may read a public, visible post. 404 for anything the viewer may not see',
        security: optionalBearer,
        params: idParamsSchema,
        response: { 200: postDocumentSchema, ...errorResponses(401, 404, 422) },
      },
    },
    (request) => getPost(ctx, viewerOrGuest(request), request.params.id, requestLanguage(request)),
  );

  app.patch(
    GALLERY_API.post(':id'),
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        summary: 'Edit the caption or session (the family or author); hide or show (staff)',
        params: idParamsSchema,
        body: updatePostBodySchema,
        response: { 200: postDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) =>
      editPost(
        ctx,
        viewerOf(request),
        request.params.id,
        request.body.post,
        requestLanguage(request),
      ),
  );

  app.delete(
    GALLERY_API.post(':id'),
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        summary: 'Delete a post and its images (the family or an admin)',
        params: idParamsSchema,
        response: { 204: done, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await removePost(ctx, viewerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    GALLERY_API.postComments(':id'),
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        summary: 'The comments and replies of a post you may see, oldest first',
        params: idParamsSchema,
        response: { 200: commentListDocumentSchema, ...errorResponses(401, 404, 422) },
      },
    },
    (request) => listComments(ctx, viewerOf(request), request.params.id),
  );

  app.post(
    GALLERY_API.postComments(':id'),
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        summary:
          'Comment on a post, or reply to a comment (one level); outside the family and staff it may wait for approval (status pending)',
        params: idParamsSchema,
        body: createCommentBodySchema,
        response: { 201: commentDocumentSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addComment(ctx, viewerOf(request), request.params.id, request.body.comment)),
  );

  app.get(
    GALLERY_API.comments,
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Comments waiting for approval in your classes (admins: all), oldest first',
        querystring: commentQueueQuerySchema,
        response: { 200: commentListDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => commentQueue(ctx, viewerOf(request), request.query.page),
  );

  app.patch(
    GALLERY_API.comment(':id'),
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        summary: 'Edit your comment; staff approve (approved: true) or hide and show it',
        params: idParamsSchema,
        body: updateCommentBodySchema,
        response: { 200: commentDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => editComment(ctx, viewerOf(request), request.params.id, request.body.comment),
  );

  app.delete(
    GALLERY_API.comment(':id'),
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        summary: 'Delete a comment (its author or staff); its replies go with it',
        params: idParamsSchema,
        response: { 204: done, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await removeComment(ctx, viewerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    GALLERY_API.postFeedbacks(':id'),
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary:
          'Give written feedback on a post (a teacher of the student’s classes, or an admin)',
        params: idParamsSchema,
        body: feedbackBodySchema,
        response: { 201: feedbackDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await addFeedback(ctx, viewerOf(request), request.params.id, request.body.feedback.body),
        ),
  );

  app.patch(
    GALLERY_API.feedback(':id'),
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Edit feedback (the teacher who wrote it, or an admin)',
        params: idParamsSchema,
        body: feedbackBodySchema,
        response: { 200: feedbackDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) =>
      editFeedback(ctx, viewerOf(request), request.params.id, request.body.feedback.body),
  );

  app.delete(
    GALLERY_API.feedback(':id'),
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Delete feedback (the teacher who wrote it, or an admin)',
        params: idParamsSchema,
        response: { 204: done, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await removeFeedback(ctx, viewerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    GALLERY_API.reports,
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        summary: 'Report a post or a comment you can see (once per person and target: 409 after)',
        body: createReportBodySchema,
        response: { 201: reportDocumentSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await fileReport(ctx, viewerOf(request), request.body.report)),
  );

  app.get(
    GALLERY_API.reports,
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Open reports of posts you may see, newest first (paged)',
        querystring: reportListQuerySchema,
        response: { 200: reportListDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => listReports(ctx, viewerOf(request), request.query.page),
  );

  app.patch(
    GALLERY_API.report(':id'),
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Resolve a report',
        params: idParamsSchema,
        body: updateReportBodySchema,
        response: { 200: reportDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => closeReport(ctx, viewerOf(request), request.params.id),
  );
};
