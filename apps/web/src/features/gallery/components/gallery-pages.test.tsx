import type { Comment } from '@atelier/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { refused } from '../../../testing/error-replies';
import { type FakeApi, type FakeRoutes, fakeApi } from '../../../testing/fake-api';
import { FakeIntersectionObserver } from '../../../testing/fake-intersection-observer';
import { fill, UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import {
  buildComment,
  buildFeedback,
  buildImage,
  buildPost,
  commentDocument,
  commentListDocument,
  postDocument,
  postListDocument,
} from '../gallery-test-builders';
import { FeedbackPage, MyGalleryPage, NewsFeedPage } from './gallery-pages';

let server: FakeApi;
beforeEach(() => FakeIntersectionObserver.install());
afterEach(() => server.restore());

const family = buildUser({ id: '7', role: 'student', timezone: 'Asia/Tokyo' });
const teacher = buildUser({ id: '3', role: 'teacher', name: 'Ms Rivera' });
const signedIn = (user = family) => ({ session: { status: 'loaded' as const, user } });
const POSTS = 'GET /api/v1/posts';
const postsCalls = () => server.requests.filter((r) => `${r.method} ${r.url}` === POSTS);

function render(ui: React.ReactElement, routes: FakeRoutes, route = '/gallery', user = family) {
  server = fakeApi(routes);
  return renderWithProviders(ui, { preloadedState: signedIn(user), route });
}

const cards = () => screen.getAllByTestId('gallery-post-card');

describe('gallery feed (docs/product.md#gallery)', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('shows each post as a card: student link, session in the viewer zone, caption, counts, image', async () => {
    render(<NewsFeedPage />, {
      [POSTS]: {
        data: postListDocument([
          buildPost({ id: '2', caption: 'Pears' }),
          buildPost({
            id: '1',
            caption: 'Still drawing',
            processing: true,
            comment_count: 1,
            feedback_count: 0,
            images: [buildImage({ id: 'i2', url: null, avif_url: null, status: 'pending' })],
          }),
        ]),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'News Feed' })).toBeVisible();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first, second] = cards().map((c) => within(c));
    expect(first?.getByRole('link', { name: 'Mia K.' })).toHaveAttribute(
      'href',
      '/gallery/student/11',
    );
    // 14:00 UTC on March 14 is 23:00 the same day in Tokyo.
    expect(first?.getByText('Observational Drawing · Mar 14, 2026')).toBeVisible();
    expect(first?.getByText('Pears')).toBeVisible();
    expect(first?.getByText('2 comments')).toBeVisible();
    expect(first?.getByText('1 feedback')).toBeVisible();
    expect(second?.getByText('1 comment')).toBeVisible();
    expect(second?.getByTestId('gallery-post-processing')).toHaveTextContent('Processing');
    expect(second?.getByText('Preparing the image…')).toBeVisible();

    const img = cards()[0]?.querySelector('img') as HTMLImageElement;
    expect(img).toHaveAttribute('src', '/media/img-1.webp');
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '900');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(img.parentElement?.querySelector('source')).toHaveAttribute('type', 'image/avif');
    expect(first?.getByTestId('artwork-placeholder')).toHaveStyle({
      backgroundImage: 'url(data:image/webp;base64,AAAA)',
    });
    expect(postsCalls()[0]?.params).toEqual({ scope: 'feed' });
  });

  it('loads the next cursor page when the last card comes into view, and stops at the end', async () => {
    const firstPage = Array.from({ length: 3 }, (_, i) =>
      buildPost({ id: String(10 - i), caption: `Post ${10 - i}` }),
    );
    render(<NewsFeedPage />, {
      [POSTS]: (r) =>
        r.params.cursor === 'c2'
          ? { data: postListDocument([buildPost({ id: '4', caption: 'Post 4' })], null) }
          : { data: postListDocument(firstPage, 'c2') },
    });
    await waitFor(() => expect(cards()).toHaveLength(3));
    const img = cards()[1]?.querySelector('img');
    expect(img).toHaveAttribute('loading', 'lazy');
    // Only the last card is watched.
    expect(FakeIntersectionObserver.watches(cards()[1] as Element)).toBe(false);
    act(() => FakeIntersectionObserver.reveal(cards()[2] as Element));
    expect(await screen.findByText('Post 4')).toBeVisible();
    expect(cards().map((c) => c.getAttribute('data-post-id'))).toEqual(['10', '9', '8', '4']);
    expect(postsCalls().map((r) => r.params.cursor)).toEqual([undefined, 'c2']);

    // No next cursor: revealing the new last card asks for nothing more.
    await act(async () => FakeIntersectionObserver.reveal(cards()[3] as Element));
    expect(postsCalls()).toHaveLength(2);
  });

  it('says when there is nothing yet', async () => {
    render(<NewsFeedPage />, { [POSTS]: { data: postListDocument([]) } });
    expect(await screen.findByText('No artwork from your classes yet.')).toBeVisible();
  });
});

describe('post dialog', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  const post = buildPost({
    id: '5',
    images: [buildImage({ id: 'a' }), buildImage({ id: 'b', avif_url: null })],
  });
  const routes = (extra: FakeRoutes = {}): FakeRoutes => ({
    [POSTS]: { data: postListDocument([post]) },
    'GET /api/v1/posts/5': { data: postDocument(post, [buildFeedback()]) },
    'GET /api/v1/posts/5/comments': {
      data: commentListDocument([
        buildComment({ id: '51', body: 'So good!' }),
        buildComment({ id: '52', body: 'Thank you!', parent_id: '51' }),
        buildComment({
          id: '53',
          body: 'Waiting one',
          status: 'pending',
          author: { id: '7', name: 'Ada Lovelace', avatar_url: null, role: 'student' },
        }),
      ]),
    },
    ...extra,
  });

  it('opens from ?post= with every image, the teacher feedback apart, comments and replies', async () => {
    render(<MyGalleryPage />, routes(), '/gallery/my_gallery?post=5');
    const dialog = within(await screen.findByRole('dialog', { name: "Mia K.'s artwork" }));
    expect(await dialog.findAllByRole('img', { name: /Mia K.'s artwork, image/ })).toHaveLength(2);
    const feedback = dialog.getByTestId('gallery-feedback');
    expect(feedback).toHaveAccessibleName('Feedback from Ms Rivera');
    expect(within(feedback).getByText('Lovely shading on the pears.')).toBeVisible();
    expect(within(feedback).queryByRole('button', { name: 'Edit feedback' })).toBeNull();
    const replies = await dialog.findByRole('list', { name: 'Replies to Grace H.' });
    expect(within(replies).getByText('Thank you!')).toBeVisible();
    const pending = dialog
      .getAllByTestId('gallery-comment')
      .find((c) => c.getAttribute('data-comment-id') === '53') as HTMLElement;
    expect(within(pending).getByText("Waiting for a teacher's approval")).toBeVisible();
    // A family viewing another child's post: no moderation, no feedback form.
    expect(dialog.queryByRole('button', { name: 'Hide post' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Give feedback' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(dialog.getByRole('button', { name: 'Report post' })).toBeVisible();
  });

  /** The post dialog opened on a thread of `comments`, and a way to find one by id. */
  async function openThread(comments: Comment[]) {
    render(
      <MyGalleryPage />,
      routes({ 'GET /api/v1/posts/5/comments': { data: commentListDocument(comments) } }),
      '/gallery/my_gallery?post=5',
    );
    const dialog = within(await screen.findByRole('dialog', { name: "Mia K.'s artwork" }));
    const comment = (id: string) =>
      waitFor(() => {
        const found = dialog
          .getAllByTestId('gallery-comment')
          .find((c) => c.getAttribute('data-comment-id') === id);
        expect(found).toBeDefined();
        return found as HTMLElement;
      });
    return { dialog, comment };
  }

  it('tells the author an edit of an approved comment awaits review while others read the earlier text', async () => {
    const { comment } = await openThread([
      buildComment({
        id: '54',
        body: 'Edited words',
        status: 'pending',
        edit_awaiting_review: true,
      }),
    ]);
    const edited = await comment('54');
    expect(within(edited).getByText('Edited words')).toBeVisible();
    expect(
      within(edited).getByText(
        'Your edit is awaiting review: others see the earlier text until a teacher approves it',
      ),
    ).toBeVisible();
    expect(within(edited).queryByText("Waiting for a teacher's approval")).toBeNull();
  });

  it("signs a second guardian's comment with their own name, not the family account's", async () => {
    const { dialog, comment } = await openThread([
      buildComment({ id: '55', body: 'Look at the sky!', written_by: { id: '9', name: 'Gus K.' } }),
      buildComment({ id: '56', body: 'Thanks, Gus', parent_id: '55' }),
    ]);
    const replies = await dialog.findByRole('list', { name: 'Replies to Gus K.' });
    expect(within(await comment('55')).getAllByText('Gus K.')[0]).toBeVisible();
    expect(within(replies).getByText('Grace H.')).toBeVisible();
  });

  it('opens from a card and closes back to the list', async () => {
    const { user } = render(<NewsFeedPage />, routes());
    await user.click(await screen.findByRole('button', { name: "Open Mia K.'s post" }));
    const dialog = await screen.findByRole('dialog', { name: "Mia K.'s artwork" });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says a new comment waits for a teacher's approval", async () => {
    let comments = [buildComment()];
    const { user } = render(
      <MyGalleryPage />,
      routes({
        'GET /api/v1/posts/5/comments': () => ({ data: commentListDocument(comments) }),
        'POST /api/v1/posts/5/comments': (r) => {
          const created = buildComment({
            id: '60',
            body: (r.body as { comment: { body: string } }).comment.body,
            status: 'pending',
          });
          comments = [...comments, created];
          return { status: 201, data: commentDocument(created) };
        },
      }),
      '/gallery/my_gallery?post=5',
    );
    const dialog = within(await screen.findByRole('dialog', { name: "Mia K.'s artwork" }));
    await fill(user, await dialog.findByRole('textbox', { name: 'Add a comment' }), 'Wonderful');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    const mine = await waitFor(() => {
      const found = dialog
        .getAllByTestId('gallery-comment')
        .find((c) => c.getAttribute('data-comment-id') === '60');
      expect(found).toBeDefined();
      return found as HTMLElement;
    });
    expect(within(mine).getByText('Wonderful')).toBeVisible();
    expect(within(mine).getByText("Waiting for a teacher's approval")).toBeVisible();
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      comment: { body: 'Wonderful' },
    });
  });

  it('gives a teacher the actions their permissions allow: feedback, hide, approve', async () => {
    const staffPost = buildPost({
      id: '5',
      permissions: {
        edit: false,
        delete: false,
        hide: true,
        feedback: true,
        comment: true,
        report: false,
      },
    });
    const { user } = render(
      <NewsFeedPage />,
      {
        'GET /api/v1/posts/5': { data: postDocument(staffPost) },
        'GET /api/v1/posts/5/comments': {
          data: commentListDocument([
            buildComment({
              id: '53',
              status: 'pending',
              permissions: { edit: false, delete: true, hide: true, approve: true, report: false },
            }),
          ]),
        },
        'PATCH /api/v1/comments/53': {
          data: commentDocument(buildComment({ id: '53', status: 'approved' })),
        },
        'POST /api/v1/posts/5/feedbacks': {
          status: 201,
          data: { data: { id: '42', type: 'feedbacks', attributes: buildFeedback() } },
        },
        'PATCH /api/v1/posts/5': { data: postDocument({ ...staffPost, hidden: true }) },
        [POSTS]: { data: postListDocument([]) },
      },
      '/gallery?post=5',
      teacher,
    );
    const dialog = within(await screen.findByRole('dialog', { name: "Mia K.'s artwork" }));
    expect(await dialog.findByRole('button', { name: 'Hide post' })).toBeVisible();
    expect(dialog.queryByRole('button', { name: 'Report post' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Edit caption' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Delete post' })).toBeNull();

    await user.click(await dialog.findByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
        comment: { approved: true },
      }),
    );

    await fill(user, dialog.getByRole('textbox', { name: 'Your feedback' }), 'Great contrast');
    await user.click(dialog.getByRole('button', { name: 'Give feedback' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.url === '/api/v1/posts/5/feedbacks')?.body).toEqual({
        feedback: { body: 'Great contrast' },
      }),
    );

    await user.click(dialog.getByRole('button', { name: 'Hide post' }));
    await waitFor(() =>
      expect(
        server.requests.find((r) => r.method === 'PATCH' && r.url === '/api/v1/posts/5')?.body,
      ).toEqual({ post: { hidden: true } }),
    );
  });

  it('reports a post with a reason', async () => {
    const { user } = render(
      <MyGalleryPage />,
      routes({ 'POST /api/v1/reports': { status: 201, data: { data: null } } }),
      '/gallery/my_gallery?post=5',
    );
    const dialog = within(await screen.findByRole('dialog', { name: "Mia K.'s artwork" }));
    await user.click(await dialog.findByRole('button', { name: 'Report post' }));
    const report = within(await screen.findByRole('dialog', { name: 'Report this post' }));
    await user.click(report.getByRole('button', { name: 'Send report' }));
    expect(await report.findByText('Required')).toBeVisible();
    await fill(user, report.getByRole('textbox', { name: /Reason/ }), 'Not artwork');
    await user.click(report.getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.url === '/api/v1/reports')?.body).toEqual({
        report: { post_id: '5', reason: 'Not artwork' },
      }),
    );
  });

  it('says a post kept private is not available, and shows nothing of it', async () => {
    render(
      <NewsFeedPage />,
      {
        [POSTS]: { data: postListDocument([]) },
        'GET /api/v1/posts/9': refused('not_found', 'Not found'),
        'GET /api/v1/posts/9/comments': refused('not_found', 'Not found'),
      },
      '/gallery?post=9',
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('This post is not available.')).toBeVisible();
    expect(dialog.queryByTestId('gallery-post')).toBeNull();
  });
});

describe('feedback page', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it("lists a family's posts with feedback", async () => {
    render(
      <FeedbackPage />,
      { [POSTS]: { data: postListDocument([buildPost()]) } },
      '/gallery/feedback',
    );
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(postsCalls()[0]?.params).toEqual({ scope: 'feedback' });
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('gives staff tabs: awaiting feedback, comments to approve, reports', async () => {
    const { user } = render(
      <FeedbackPage />,
      {
        [POSTS]: { data: postListDocument([buildPost()]) },
        'GET /api/v1/comments': {
          data: commentListDocument(
            [buildComment({ body: 'Please approve me', status: 'pending' })],
            {
              total: 1,
              page: 1,
              per_page: 20,
            },
          ),
        },
        'GET /api/v1/reports': {
          data: {
            data: [
              {
                id: '71',
                type: 'reports',
                attributes: {
                  reason: 'Rude',
                  created_at: '2026-03-15T11:00:00Z',
                  resolved: false,
                  post_id: null,
                  comment_id: '51',
                  reporter: { id: '8', name: 'Grace H.' },
                  excerpt: 'So good!',
                },
              },
            ],
            meta: { total: 1, page: 1, per_page: 20 },
          },
        },
        'PATCH /api/v1/reports/71': { data: {} },
      },
      '/gallery/feedback',
      teacher,
    );
    expect(
      await screen.findByRole('tab', { name: 'Awaiting feedback', selected: true }),
    ).toBeVisible();
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user.click(screen.getByRole('tab', { name: 'Comments to approve' }));
    expect(await screen.findByText('Please approve me')).toBeVisible();
    expect(server.requests.find((r) => r.url === '/api/v1/comments')?.params).toEqual({
      status: 'pending',
      page: 1,
    });
    await user.click(screen.getByRole('tab', { name: 'Reports' }));
    expect(await screen.findByText('Comment: So good!')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Mark resolved' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
        report: { resolved: true },
      }),
    );
  });
});
