import { FEEDBACK_MAX_LENGTH, type Feedback, type Post } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useForm } from '../../../components/form/use-form';
import { handleError } from '../../../lib/api-client';
import {
  useCreateFeedbackMutation,
  useDeleteFeedbackMutation,
  useUpdateFeedbackMutation,
} from '../gallery-api';

/** Writes new feedback, or edits `feedback`. */
function FeedbackForm({
  postId,
  feedback,
  onDone,
}: {
  postId: string;
  feedback?: Feedback;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const [createFeedback] = useCreateFeedbackMutation();
  const [updateFeedback] = useUpdateFeedbackMutation();
  const { field, setValue, handleSubmit, submitting, formMessages } = useForm(
    { body: feedback?.body ?? '' },
    { body: { required: true } },
  );
  const submit = handleSubmit(
    async ({ body }) => {
      if (feedback) await updateFeedback({ id: feedback.id, postId, body: body.trim() }).unwrap();
      else await createFeedback({ postId, body: body.trim() }).unwrap();
      setValue('body', '');
      onDone?.();
    },
    { label: t('gallery.feedback.saveFailed') },
  );
  return (
    <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={1}>
      <FormErrorAlert messages={formMessages} />
      <TextField
        {...field('body')}
        label={feedback ? t('gallery.feedback.editLabel') : t('gallery.feedback.label')}
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { maxLength: FEEDBACK_MAX_LENGTH } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={submitting}>
          {feedback ? t('gallery.feedback.save') : t('gallery.feedback.give')}
        </Button>
        {onDone && feedback && <Button onClick={onDone}>{t('common.cancel')}</Button>}
      </Stack>
    </Stack>
  );
}

/** One teacher's feedback, set apart from the comments. */
function FeedbackBlock({ postId, feedback }: { postId: string; feedback: Feedback }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteFeedback] = useDeleteFeedbackMutation();
  const teacher = feedback.teacher?.name ?? t('gallery.feedback.formerTeacher');
  const remove = async () => {
    setConfirming(false);
    try {
      await deleteFeedback({ id: feedback.id, postId }).unwrap();
    } catch (error) {
      handleError(error, t('gallery.feedback.deleteFailed'));
    }
  };
  return (
    <Paper
      component="article"
      variant="outlined"
      data-testid="gallery-feedback"
      aria-label={t('gallery.feedback.from', { name: teacher })}
      sx={{ p: 2, borderLeft: 4, borderLeftColor: 'primary.main', bgcolor: 'action.hover' }}
    >
      <Typography variant="subtitle2">{t('gallery.feedback.from', { name: teacher })}</Typography>
      {editing ? (
        <FeedbackForm postId={postId} feedback={feedback} onDone={() => setEditing(false)} />
      ) : (
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{feedback.body}</Typography>
      )}
      {feedback.can_edit && !editing && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button size="small" onClick={() => setEditing(true)}>
            {t('gallery.feedback.edit')}
          </Button>
          <Button size="small" color="error" onClick={() => setConfirming(true)}>
            {t('gallery.feedback.delete')}
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        message={t('gallery.feedback.confirmDelete')}
        confirmLabel={t('gallery.feedback.delete')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}

/** The teacher feedback of a post, and the form for a teacher who may give theirs. */
export function PostFeedback({ post }: { post: Post }) {
  const { t } = useTranslation();
  const titleId = useId();
  const feedbacks = post.feedbacks ?? [];
  if (feedbacks.length === 0 && !post.permissions.feedback) return null;
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h3" sx={{ fontSize: 18, mb: 1 }}>
        {t('gallery.feedback.title')}
      </Typography>
      <Stack spacing={1}>
        {feedbacks.map((feedback) => (
          <FeedbackBlock key={feedback.id} postId={post.id} feedback={feedback} />
        ))}
        {post.permissions.feedback && <FeedbackForm postId={post.id} />}
      </Stack>
    </Box>
  );
}
