import { CAPTION_MAX_LENGTH, GALLERY_PAGES, type Post } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useForm } from '../../../components/form/use-form';
import { handleError, toApiError } from '../../../lib/api-client';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import { useDeletePostMutation, usePostQuery, useUpdatePostMutation } from '../gallery-api';
import { formatKlassDate } from '../gallery-format';
import { ArtworkPicture } from './artwork-picture';
import { PostComments } from './post-comments';
import { PostFeedback } from './post-feedback';
import { ReportDialog, type ReportTarget } from './report-dialog';

/** The family edits a caption in place. */
function CaptionForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const [updatePost] = useUpdatePostMutation();
  const { field, handleSubmit, submitting, formMessages } = useForm({ caption: post.caption }, {});
  const submit = handleSubmit(
    async ({ caption }) => {
      await updatePost({ id: post.id, changes: { caption: caption.trim() } }).unwrap();
      onDone();
    },
    { label: t('gallery.post.saveFailed') },
  );
  return (
    <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={1}>
      <FormErrorAlert messages={formMessages} />
      <TextField
        {...field('caption')}
        label={t('gallery.post.caption')}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: CAPTION_MAX_LENGTH } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" size="small" disabled={submitting}>
          {t('gallery.post.saveCaption')}
        </Button>
        <Button size="small" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The post itself: images, student, session, caption, the actions its permissions allow. */
function PostBody({ post, onClose }: { post: Post; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const zone = timeZoneOf(useAppSelector(selectUser));
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [updatePost, { isLoading: hiding }] = useUpdatePostMutation();
  const [deletePost] = useDeletePostMutation();
  const { permissions } = post;

  const toggleHidden = async () => {
    try {
      await updatePost({ id: post.id, changes: { hidden: !post.hidden } }).unwrap();
    } catch (error) {
      handleError(error, t('gallery.post.hideFailed'));
    }
  };
  const remove = async () => {
    setConfirmingDelete(false);
    try {
      await deletePost(post.id).unwrap();
      dispatch(snackbarShown({ content: t('gallery.post.deleted'), type: 'success' }));
      onClose();
    } catch (error) {
      handleError(error, t('gallery.post.deleteFailed'));
    }
  };

  return (
    <Stack spacing={2} data-testid="gallery-post">
      <Stack spacing={1}>
        {post.images.map((image, index) => (
          <ArtworkPicture
            key={image.id}
            image={image}
            eager={index === 0}
            alt={t('gallery.post.imageAlt', {
              name: post.student.name,
              index: index + 1,
              total: post.images.length,
            })}
          />
        ))}
      </Stack>
      <Stack spacing={0.5}>
        <Link
          component={RouterLink}
          to={GALLERY_PAGES.student(post.student.id)}
          variant="subtitle1"
          sx={{ fontWeight: 600 }}
        >
          {post.student.name}
        </Link>
        {post.klass && (
          <Typography variant="body2" color="text.secondary">
            {t('gallery.session', {
              programme: post.klass.klass_group_name,
              date: formatKlassDate(post.klass.starts_at, zone, i18n.language),
            })}
          </Typography>
        )}
        <Stack direction="row" spacing={1}>
          {post.processing && <Chip size="small" label={t('gallery.card.processing')} />}
          {post.hidden && <Chip size="small" color="warning" label={t('gallery.hidden')} />}
        </Stack>
      </Stack>
      {editing ? (
        <CaptionForm post={post} onDone={() => setEditing(false)} />
      ) : (
        post.caption && (
          <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="gallery-post-caption">
            {post.caption}
          </Typography>
        )
      )}
      {!editing && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          {permissions.edit && (
            <Button size="small" onClick={() => setEditing(true)}>
              {t('gallery.post.editCaption')}
            </Button>
          )}
          {permissions.hide && (
            <Button size="small" disabled={hiding} onClick={() => void toggleHidden()}>
              {post.hidden ? t('gallery.post.show') : t('gallery.post.hide')}
            </Button>
          )}
          {permissions.delete && (
            <Button size="small" color="error" onClick={() => setConfirmingDelete(true)}>
              {t('gallery.post.delete')}
            </Button>
          )}
          {permissions.report && (
            <Button size="small" onClick={() => setReporting({ post_id: post.id })}>
              {t('gallery.post.report')}
            </Button>
          )}
        </Stack>
      )}
      <PostFeedback post={post} />
      <Divider />
      <PostComments post={post} onReport={setReporting} />
      <ConfirmDialog
        open={confirmingDelete}
        message={t('gallery.post.confirmDelete')}
        confirmLabel={t('gallery.post.delete')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmingDelete(false)}
      />
      {reporting && <ReportDialog target={reporting} onClose={() => setReporting(null)} />}
    </Stack>
  );
}

/**
 * One post in a dialog, opened from a card or by `?post={id}` on any gallery page. A post the
 * viewer may not see answers 404 or 403: the dialog says it is not available, nothing more
 * (docs/product.md#childrens-privacy).
 */
export function PostDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: post, error, isLoading } = usePostQuery(postId);
  const status = error ? toApiError(error).status : null;
  return (
    <AppDialog
      open
      onClose={onClose}
      maxWidth="md"
      title={
        post ? t('gallery.post.title', { name: post.student.name }) : t('gallery.post.loading')
      }
      testId="gallery-post-dialog"
    >
      {isLoading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {error && (
        <Alert severity={status === 404 || status === 403 ? 'info' : 'error'}>
          {status === 404 || status === 403
            ? t('gallery.post.unavailable')
            : t('gallery.post.loadFailed')}
        </Alert>
      )}
      {post && <PostBody post={post} onClose={onClose} />}
    </AppDialog>
  );
}
