import type { Comment, Post } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { useCreateCommentMutation, usePostCommentsQuery } from '../gallery-api';
import { commentSignature } from '../gallery-format';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import type { ReportTarget } from './report-dialog';

const listSx = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 } as const;

/** The comments of a post, oldest first, each with its replies (one level). */
export function PostComments({
  post,
  onReport,
}: {
  post: Post;
  onReport: (target: ReportTarget) => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const titleId = useId();
  const { data: comments = [], isError } = usePostCommentsQuery(post.id);
  const [createComment] = useCreateCommentMutation();
  const canComment = post.permissions.comment;

  const send = async (body: string, parentId?: string) => {
    const created = await createComment({ postId: post.id, body, parentId }).unwrap();
    if (created.status === 'pending') {
      dispatch(snackbarShown({ content: t('gallery.comments.pending'), type: 'info' }));
    }
  };

  const replies = new Map<string, Comment[]>();
  for (const c of comments) {
    if (c.parent_id) replies.set(c.parent_id, [...(replies.get(c.parent_id) ?? []), c]);
  }
  const topLevel = comments.filter((c) => c.parent_id === null);

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h3" sx={{ fontSize: 18, mb: 1 }}>
        {t('gallery.comments.title')}
      </Typography>
      {isError && <Alert severity="error">{t('gallery.comments.loadFailed')}</Alert>}
      <Stack spacing={2}>
        {topLevel.length === 0 && !isError && (
          <Typography variant="body2" color="text.secondary">
            {t('gallery.comments.empty')}
          </Typography>
        )}
        {topLevel.length > 0 && (
          <Box component="ul" sx={listSx} aria-labelledby={titleId}>
            {topLevel.map((comment) => {
              const answers = replies.get(comment.id) ?? [];
              return (
                <CommentItem
                  key={comment.id}
                  comment={comment}
                  canReply={canComment}
                  onReply={(parentId, body) => send(body, parentId)}
                  onReport={onReport}
                >
                  {answers.length > 0 && (
                    <Box
                      component="ul"
                      aria-label={t('gallery.comments.replies', {
                        name: commentSignature(comment) ?? '',
                      })}
                      sx={{ ...listSx, pl: 3, mt: 1, borderLeft: 2, borderColor: 'divider' }}
                    >
                      {answers.map((reply) => (
                        <CommentItem
                          key={reply.id}
                          comment={reply}
                          canReply={false}
                          onReply={(parentId, body) => send(body, parentId)}
                          onReport={onReport}
                        />
                      ))}
                    </Box>
                  )}
                </CommentItem>
              );
            })}
          </Box>
        )}
        {canComment && (
          <CommentForm
            label={t('gallery.comments.label')}
            submitLabel={t('gallery.comments.send')}
            onSend={(body) => send(body)}
            testId="gallery-comment-form"
          />
        )}
      </Stack>
    </Box>
  );
}
