import { CAPTION_MAX_LENGTH, type User } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { FilePicker } from '../../../components/file-picker/file-picker';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useForm } from '../../../components/form/use-form';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { familyApi } from '../../family';
import { familyIdOf } from '../../session';
import { useCreatePostMutation, useGalleryKlassesQuery } from '../gallery-api';
import { formatKlassDate } from '../gallery-format';
import { imagesProblem, recentKlassRange } from '../new-post-checks';

type Props = {
  user: User;
  onClose: () => void;
  /** The new post's id, once the server has it. */
  onCreated: (postId: string) => void;
};

/**
 * A family posts a student's artwork: who made it, 1–10 images, a caption and, optionally, the
 * session of the last 60 days it was made in. The upload shows its progress; the server's field
 * messages land beside the fields.
 */
export function NewPostDialog({ user, onClose, onCreated }: Props) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const formId = useId();
  const imagesHelpId = useId();
  const zone = timeZoneOf(user);
  const [files, setFiles] = useState<File[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const [range] = useState(() => recentKlassRange());
  const { data: family } = familyApi.endpoints.familyMembers.useQuery({
    userId: familyIdOf(user),
    page: 1,
  });
  const members = family?.members ?? [];
  const { data: klasses = [] } = useGalleryKlassesQuery(range);
  const [createPost] = useCreatePostMutation();

  const { values, field, setValue, message, clear, showMessages, handleSubmit, formMessages } =
    useForm(
      {
        attendee_profile_id: '',
        caption: '',
        klass_id: '',
      },
      { attendee_profile_id: { required: true } },
      {
        fields: ['images'],
        check: () => {
          const problem = imagesProblem(files);
          return problem ? { images: problem } : {};
        },
      },
    );
  // With one family member there is nothing to choose: they are the artist.
  const onlyMember = members.length === 1 ? members[0]?.id : undefined;
  useEffect(() => {
    if (onlyMember && values.attendee_profile_id === '')
      setValue('attendee_profile_id', onlyMember);
  }, [onlyMember, values.attendee_profile_id, setValue]);
  const memberId = values.attendee_profile_id;
  const member = members.find((m) => m.id === memberId);
  const theirKlasses = useMemo(
    () =>
      member
        ? klasses.filter(
            (s) => s.attendee_names.length === 0 || s.attendee_names.includes(member.name),
          )
        : klasses,
    [klasses, member],
  );

  const chooseFiles = (chosen: File[]) => {
    setFiles(chosen);
    const problem = imagesProblem(chosen);
    if (problem) showMessages({ images: t(problem) });
    else clear('images');
  };

  const submit = handleSubmit(
    async ({ caption, klass_id }) => {
      setPercent(0);
      try {
        const post = await createPost({
          attendeeProfileId: memberId,
          caption: caption.trim(),
          klassId: klass_id || undefined,
          images: files,
          onUploadProgress: (event) => {
            if (event.total) setPercent(Math.round((event.loaded / event.total) * 100));
          },
        }).unwrap();
        dispatch(snackbarShown({ content: t('gallery.newPost.created'), type: 'success' }));
        onCreated(post.id);
      } finally {
        setPercent(null);
      }
    },
    { label: t('gallery.newPost.failed') },
  );

  const uploading = percent !== null;
  const imagesError = message('images');
  const memberField = field('attendee_profile_id');
  return (
    <AppDialog
      open
      onClose={uploading ? () => {} : onClose}
      title={t('gallery.newPost.title')}
      testId="gallery-new-post-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={uploading}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            disabled={uploading}
            data-testid="gallery-new-post-submit"
          >
            {t('gallery.newPost.submit')}
          </Button>
        </>
      }
    >
      <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={2}>
        <FormErrorAlert messages={formMessages} />
        <TextField
          {...memberField}
          select
          label={t('gallery.newPost.member')}
          fullWidth
          disabled={uploading}
          onChange={(event) => setValue('attendee_profile_id', event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'gallery-new-post-member' } }}
        >
          {members.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControl error={Boolean(imagesError)}>
          <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
            {t('gallery.newPost.images')}
          </Typography>
          <FilePicker
            files={files}
            onChange={chooseFiles}
            accept="image/*"
            multiple
            disabled={uploading}
            label={t('gallery.newPost.chooseImages')}
            testId="gallery-new-post-images"
          />
          <FormHelperText id={imagesHelpId}>
            {imagesError ?? t('gallery.newPost.imagesHint')}
          </FormHelperText>
        </FormControl>
        <TextField
          {...field('caption')}
          label={t('gallery.newPost.caption')}
          multiline
          minRows={3}
          fullWidth
          disabled={uploading}
          slotProps={{ htmlInput: { maxLength: CAPTION_MAX_LENGTH } }}
        />
        <TextField
          {...field('klass_id')}
          select
          label={t('gallery.newPost.session')}
          fullWidth
          disabled={uploading}
          onChange={(event) => setValue('klass_id', event.target.value)}
        >
          <MenuItem value="">{t('gallery.newPost.noSession')}</MenuItem>
          {theirKlasses.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {t('gallery.session', {
                programme: s.klass_group.name,
                date: formatKlassDate(s.starts_at, zone, i18n.language),
              })}
            </MenuItem>
          ))}
        </TextField>
        {uploading && (
          <Box data-testid="gallery-new-post-progress">
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label={t('gallery.newPost.uploading')}
            />
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {t('gallery.newPost.progress', { percent })}
            </Typography>
          </Box>
        )}
      </Stack>
    </AppDialog>
  );
}
