import type { Comment } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { handleError } from '../../../lib/api-client';
import { useDeleteCommentMutation, useUpdateCommentMutation } from '../gallery-api';
import { commentSignature } from '../gallery-format';
import { CommentForm } from './comment-form';
import type { ReportTarget } from './report-dialog';

type Props = {
  comment: Comment;
  /** A reply box is offered (top-level comments on a post the viewer may comment on). */
  canReply: boolean;
  onReply: (parentId: string, body: string) => Promise<unknown>;
  onReport: (target: ReportTarget) => void;
  /** The replies, under the comment. */
  children?: ReactNode;
};

/**
 * One comment with what its permissions allow: reply, edit, delete, approve and hide (staff),
 * report. A pending comment says it waits for a teacher's approval (only its author and staff
 * see it).
 */
export function CommentItem({ comment, canReply, onReply, onReport, children }: Props) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'view' | 'edit' | 'reply'>('view');
  const [confirming, setConfirming] = useState(false);
  const [updateComment, { isLoading: updating }] = useUpdateCommentMutation();
  const [deleteComment] = useDeleteCommentMutation();
  const { permissions } = comment;
  const author = commentSignature(comment) ?? t('gallery.comments.formerUser');
  const change = async (changes: { approved?: true; hidden?: boolean }, failure: string) => {
    try {
      await updateComment({ id: comment.id, postId: comment.post_id, changes }).unwrap();
    } catch (error) {
      handleError(error, failure);
    }
  };
  const remove = async () => {
    setConfirming(false);
    try {
      await deleteComment({ id: comment.id, postId: comment.post_id }).unwrap();
    } catch (error) {
      handleError(error, t('gallery.comments.deleteFailed'));
    }
  };

  return (
    <Box component="li" data-testid="gallery-comment" data-comment-id={comment.id}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2">{author}</Typography>
        {comment.author && comment.author.role !== 'student' && (
          <Chip size="small" label={t(`gallery.comments.roles.${comment.author.role}`)} />
        )}
        {comment.hidden && <Chip size="small" color="warning" label={t('gallery.hidden')} />}
      </Stack>
      {mode === 'edit' ? (
        <CommentForm
          label={t('gallery.comments.editLabel')}
          submitLabel={t('gallery.comments.save')}
          initial={comment.body}
          onSend={async (body) => {
            await updateComment({
              id: comment.id,
              postId: comment.post_id,
              changes: { body },
            }).unwrap();
            setMode('view');
          }}
          onCancel={() => setMode('view')}
        />
      ) : (
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{comment.body}</Typography>
      )}
      {comment.status === 'pending' && (
        <Typography variant="body2" color="warning.dark" data-testid="gallery-comment-pending">
          {t(
            comment.edit_awaiting_review
              ? 'gallery.comments.editPending'
              : 'gallery.comments.pending',
          )}
        </Typography>
      )}
      {mode === 'view' && (
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
          {canReply && (
            <Button size="small" onClick={() => setMode('reply')}>
              {t('gallery.comments.reply')}
            </Button>
          )}
          {permissions.approve && comment.status === 'pending' && (
            <Button
              size="small"
              disabled={updating}
              onClick={() => void change({ approved: true }, t('gallery.comments.approveFailed'))}
            >
              {t('gallery.comments.approve')}
            </Button>
          )}
          {permissions.hide && (
            <Button
              size="small"
              disabled={updating}
              onClick={() =>
                void change({ hidden: !comment.hidden }, t('gallery.comments.hideFailed'))
              }
            >
              {comment.hidden ? t('gallery.comments.show') : t('gallery.comments.hide')}
            </Button>
          )}
          {permissions.edit && (
            <Button size="small" onClick={() => setMode('edit')}>
              {t('gallery.comments.edit')}
            </Button>
          )}
          {permissions.delete && (
            <Button size="small" color="error" onClick={() => setConfirming(true)}>
              {t('gallery.comments.delete')}
            </Button>
          )}
          {permissions.report && (
            <Button size="small" onClick={() => onReport({ comment_id: comment.id })}>
              {t('gallery.comments.report')}
            </Button>
          )}
        </Stack>
      )}
      {mode === 'reply' && (
        <Box sx={{ pl: 3 }}>
          <CommentForm
            label={t('gallery.comments.replyLabel', { name: author })}
            submitLabel={t('gallery.comments.send')}
            onSend={async (body) => {
              await onReply(comment.id, body);
              setMode('view');
            }}
            onCancel={() => setMode('view')}
          />
        </Box>
      )}
      {children}
      <ConfirmDialog
        open={confirming}
        message={t('gallery.comments.confirmDelete')}
        confirmLabel={t('gallery.comments.delete')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
