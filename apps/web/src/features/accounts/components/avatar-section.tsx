import { IMAGE_MIME_TYPES, type User } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/avatar/user-avatar';
import { FileUpload, type UploadFn } from '../../../components/file-upload/file-upload';
import { SettingsSection } from '../../../components/settings-section';
import { handleError } from '../../../lib/api-client';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { setUser } from '../../session';
import { useUpdateProfileMutation } from '../accounts-api';

/**
 * The profile picture: upload with a progress bar (PUT /api/v1/users/{id} multipart, field
 * `avatar`), or removal. The answer is the updated user, which becomes the session user, so the
 * layout's avatar changes at once.
 */
export function AvatarSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [updateProfile] = useUpdateProfileMutation();
  const [removing, setRemoving] = useState(false);

  const upload: UploadFn = async (file, onProgress) => {
    const updated = await updateProfile({
      userId: user.id,
      changes: { avatar: file },
      onUploadProgress: (event) => {
        if (event.total) onProgress(event.loaded / event.total);
      },
    }).unwrap();
    dispatch(setUser(updated));
    return updated;
  };

  const remove = async () => {
    setRemoving(true);
    try {
      const updated = await updateProfile({
        userId: user.id,
        changes: { removeAvatar: true },
      }).unwrap();
      dispatch(setUser(updated));
      dispatch(snackbarShown({ content: t('accountSettings.avatar.removed'), type: 'success' }));
    } catch (error) {
      handleError(error, t('accountSettings.avatar.removeFailed'));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <SettingsSection title={t('accountSettings.avatar.title')} testId="avatar-section">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
        <Box data-testid="avatar-current" data-src={user.avatar_url ?? ''}>
          <UserAvatar name={user.name} src={user.avatar_url} size="xLarge" decorative={false} />
        </Box>
        <Stack spacing={1} sx={{ flexGrow: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('accountSettings.avatar.hint')}
          </Typography>
          <FileUpload upload={upload} accept={IMAGE_MIME_TYPES.join(',')} testId="avatar-upload" />
          {user.avatar_url && (
            <Box>
              <Button
                onClick={remove}
                disabled={removing}
                color="secondary"
                data-testid="avatar-remove"
              >
                {t('accountSettings.avatar.remove')}
              </Button>
            </Box>
          )}
        </Stack>
      </Stack>
    </SettingsSection>
  );
}
