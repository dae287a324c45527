import type { FlatKlassGroup } from '@atelier/contract';
import { AUDIENCES, FORMATS, IMAGE_MIME_TYPES } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { FilePicker } from '../../../components/file-picker/file-picker';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useFormErrors } from '../../../components/form/use-form-errors';
import { handleError, toApiError } from '../../../lib/api-client';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import {
  classesApi,
  useCreateKlassGroupMutation,
  useRemoveKlassGroupImageMutation,
  useUpdateKlassGroupMutation,
} from '../classes-api';
import {
  emptyKlassGroupForm,
  type KlassGroupFormValues,
  klassGroupBody,
  klassGroupFormValues,
  validateKlassGroupForm,
} from '../klass-group-form';
import { uploadKlassGroupImage } from '../klass-group-image';

/** Mount it when it opens (its state starts from `group`), e.g. `{editing && <KlassGroupFormDialog …/>}`. */
type Props = {
  open: boolean;
  /** The programme to edit; absent to create one. */
  group?: FlatKlassGroup;
  onClose: () => void;
  /** Called with the saved programme (after its image upload, if one was chosen). */
  onSaved: (group: FlatKlassGroup) => void;
};

const FIELDS = [
  'name',
  'slug',
  'description',
  'audience',
  'format',
  'location',
  'meeting_url',
  'min_age',
  'max_age',
  'trial_price',
  'published',
  'image',
  'translations.ja.name',
  'translations.ja.description',
] as const;

/**
 * Creates or edits a programme: its fields, then its image (uploaded with a progress bar once the
 * programme exists). Client rules first; the server's 422 messages then show beside their fields.
 */
export function KlassGroupFormDialog({ open, group, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<KlassGroupFormValues>(() =>
    group ? klassGroupFormValues(group) : emptyKlassGroupForm,
  );
  const [image, setImage] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // Once created, a programme whose image upload failed is edited from then on, not re-created.
  const [saved, setSaved] = useState<FlatKlassGroup | undefined>(group);
  const messages = useFormErrors({ fields: FIELDS });
  const [createKlassGroup, creating] = useCreateKlassGroupMutation();
  const [updateKlassGroup, updating] = useUpdateKlassGroupMutation();
  const [removeImage, removing] = useRemoveKlassGroupImageMutation();
  const publishedId = useId();
  const busy = creating.isLoading || updating.isLoading || progress !== null;

  const set = <K extends keyof KlassGroupFormValues>(name: K, value: KlassGroupFormValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    messages.clear(name);
  };
  const text = (name: keyof KlassGroupFormValues, field: string = name) => ({
    name,
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      messages.clear(field);
    },
    ...messages.helper(field),
  });

  /** Uploads the chosen image of the saved programme; null when it failed (shown beside it). */
  const uploadImage = async (programme: FlatKlassGroup, file: File) => {
    setProgress(0);
    try {
      const updated = await uploadKlassGroupImage(programme.id, file, (fraction) =>
        setProgress(Math.round(fraction * 100)),
      );
      dispatch(classesApi.util.invalidateTags([{ type: 'KlassGroup', id: updated.id }]));
      return updated;
    } catch (error) {
      const apiError = toApiError(error);
      // Whatever the server names, the message belongs beside the image.
      messages.showMessages({
        image:
          Object.keys(apiError.fields).length > 0
            ? Object.values(apiError.fields).join(' ')
            : (apiError.detail ?? t('fileUpload.failed', { message: t('errors.generic') })),
      });
      return null;
    } finally {
      setProgress(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!messages.check(validateKlassGroupForm(values, image))) return;
    await messages.submit(
      async () => {
        const body = klassGroupBody(values);
        const result = saved
          ? await updateKlassGroup({ id: saved.id, fields: body }).unwrap()
          : await createKlassGroup(body).unwrap();
        setSaved(result);
        const final = image ? await uploadImage(result, image) : result;
        if (!final) {
          // The programme itself was saved: the list shows it, and the dialog stays to retry.
          onSaved(result);
          return;
        }
        dispatch(
          snackbarShown({
            content: t(
              group || saved ? 'manageClasses.form.updated' : 'manageClasses.form.created',
              { name: final.name },
            ),
            type: 'success',
          }),
        );
        onSaved(final);
        onClose();
      },
      { label: t('manageClasses.form.saveFailed') },
    );
  };

  const removeCurrentImage = async () => {
    if (!saved) return;
    try {
      const updated = await removeImage(saved.id).unwrap();
      setSaved(updated);
      onSaved(updated);
    } catch (error) {
      handleError(error, t('manageClasses.form.removeImageFailed'));
    }
  };

  const imageMessage = messages.message('image');
  const title = saved ? t('manageClasses.form.editTitle') : t('manageClasses.form.createTitle');

  return (
    <AppDialog
      open={open}
      title={title}
      onClose={busy ? () => undefined : onClose}
      maxWidth="md"
      testId="klass-group-form-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="klass-group-form" variant="contained" disabled={busy}>
            {t('manageClasses.form.save')}
          </Button>
        </>
      }
    >
      <Box component="form" id="klass-group-form" noValidate onSubmit={submit}>
        <Stack spacing={1.5}>
          <FormErrorAlert messages={messages.formMessages} />
          {/* What the school writes, in English and Japanese side by side. */}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...text('name')}
              label={t('manageClasses.form.name')}
              required
              fullWidth
              autoFocus
            />
            <TextField
              {...text('name_ja', 'translations.ja.name')}
              label={t('manageClasses.translations.nameJa')}
              fullWidth
              slotProps={{ htmlInput: { lang: 'ja' } }}
              {...messages.helper('translations.ja.name', t('manageClasses.translations.hint'))}
            />
          </Stack>
          <TextField
            {...text('slug')}
            label={t('manageClasses.form.slug')}
            fullWidth
            {...messages.helper('slug', t('manageClasses.form.slugHint'))}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...text('description')}
              label={t('manageClasses.form.description')}
              fullWidth
              multiline
              minRows={3}
            />
            <TextField
              {...text('description_ja', 'translations.ja.description')}
              label={t('manageClasses.translations.descriptionJa')}
              fullWidth
              multiline
              minRows={3}
              slotProps={{ htmlInput: { lang: 'ja' } }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...text('audience')}
              select
              label={t('manageClasses.form.audience')}
              required
              fullWidth
            >
              {AUDIENCES.map((audience) => (
                <MenuItem key={audience} value={audience}>
                  {t(`manageClasses.audiences.${audience}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              {...text('format')}
              select
              label={t('manageClasses.form.format')}
              required
              fullWidth
            >
              {FORMATS.map((format) => (
                <MenuItem key={format} value={format}>
                  {t(`manageClasses.formats.${format}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {values.format === 'online' ? (
            <TextField
              {...text('meeting_url')}
              type="url"
              label={t('manageClasses.form.meetingUrl')}
              required
              fullWidth
              {...messages.helper('meeting_url', t('manageClasses.form.meetingUrlHint'))}
            />
          ) : (
            <TextField
              {...text('location')}
              label={t('manageClasses.form.location')}
              required={values.format === 'in_person'}
              fullWidth
            />
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...text('min_age')}
              label={t('manageClasses.form.minAge')}
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              {...text('max_age')}
              label={t('manageClasses.form.maxAge')}
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Stack>
          <TextField
            {...text('trial_price')}
            {...messages.helper('trial_price', t('manageClasses.form.trialPriceHint'))}
            label={t('manageClasses.form.trialPrice')}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={values.published}
                  onChange={(event) => set('published', event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': publishedId } }}
                />
              }
              label={t('manageClasses.form.published')}
            />
            <FormHelperText id={publishedId}>
              {t('manageClasses.form.publishedHint')}
            </FormHelperText>
          </Box>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
              {t('manageClasses.form.image')}
            </Typography>
            {saved?.thumb_url && (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
                <Box
                  component="img"
                  src={saved.thumb_url}
                  alt={t('manageClasses.form.currentImage', { name: saved.name })}
                  sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }}
                />
                <Button
                  onClick={removeCurrentImage}
                  disabled={busy || removing.isLoading}
                  color="error"
                >
                  {t('manageClasses.form.removeImage')}
                </Button>
              </Stack>
            )}
            <FilePicker
              files={image ? [image] : []}
              onChange={(files) => {
                setImage(files[0] ?? null);
                messages.clear('image');
              }}
              accept={IMAGE_MIME_TYPES.join(',')}
              disabled={busy}
              label={t('manageClasses.form.chooseImage')}
              testId="klass-group-image"
            />
            {progress !== null && (
              <Box sx={{ mt: 1 }}>
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {t('manageClasses.form.uploading', { percent: progress })}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={progress}
                  aria-label={t('fileUpload.progress')}
                />
              </Box>
            )}
            <FormHelperText
              error={imageMessage !== undefined}
              role={imageMessage ? 'alert' : undefined}
            >
              {imageMessage ?? t('manageClasses.form.imageHint')}
            </FormHelperText>
          </Box>
        </Stack>
      </Box>
    </AppDialog>
  );
}
