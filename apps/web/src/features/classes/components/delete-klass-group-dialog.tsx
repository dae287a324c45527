import type { FlatKlassGroup } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { handleError, toApiError } from '../../../lib/api-client';
import { snackbarShown } from '../../ui/ui-slice';
import { useDeleteKlassGroupMutation, useUpdateKlassGroupMutation } from '../classes-api';
import { klassGroupDeleted, klassGroupEdited } from '../klasses-slice';

type Props = {
  group: FlatKlassGroup;
  onClose: () => void;
  /** Called once the programme is gone. */
  onDeleted?: () => void;
};

/**
 * Asks before deleting a programme with its schedules and sessions. The server refuses (409)
 * while anyone is enrolled: the dialog then says so and offers to archive (unpublish) it instead.
 */
export function DeleteKlassGroupDialog({ group, onClose, onDeleted }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [refused, setRefused] = useState(false);
  const [deleteKlassGroup, deleting] = useDeleteKlassGroupMutation();
  const [updateKlassGroup, archiving] = useUpdateKlassGroupMutation();

  const confirm = async () => {
    try {
      await deleteKlassGroup(group.id).unwrap();
    } catch (error) {
      if (toApiError(error).status === 409) setRefused(true);
      else handleError(error, t('manageClasses.delete.failed'));
      return;
    }
    // docs/product.md#client-state: deleting a class group also removes its classes from the client lists.
    dispatch(klassGroupDeleted(group.id));
    dispatch(
      snackbarShown({
        content: t('manageClasses.delete.done', { name: group.name }),
        type: 'success',
      }),
    );
    onClose();
    onDeleted?.();
  };

  const archive = async () => {
    try {
      const updated = await updateKlassGroup({
        id: group.id,
        fields: { published: false },
      }).unwrap();
      dispatch(klassGroupEdited(updated));
      dispatch(
        snackbarShown({
          content: t('manageClasses.delete.archived', { name: group.name }),
          type: 'success',
        }),
      );
      onClose();
    } catch (error) {
      handleError(error, t('manageClasses.publish.failed'));
    }
  };

  return (
    <AppDialog
      open
      title={t('manageClasses.delete.title', { name: group.name })}
      onClose={onClose}
      testId="delete-klass-group-dialog"
      actions={
        refused ? (
          <>
            <Button onClick={onClose}>{t('common.close')}</Button>
            {group.published && (
              <Button variant="contained" onClick={archive} disabled={archiving.isLoading}>
                {t('manageClasses.delete.archive')}
              </Button>
            )}
          </>
        ) : (
          <>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button
              variant="contained"
              color="error"
              onClick={confirm}
              disabled={deleting.isLoading}
            >
              {t('manageClasses.delete.confirm')}
            </Button>
          </>
        )
      }
    >
      {refused ? (
        <Alert severity="warning" role="alert">
          {t(group.published ? 'manageClasses.delete.inUse' : 'manageClasses.delete.inUseArchived')}
        </Alert>
      ) : (
        <Typography>{t('manageClasses.delete.question')}</Typography>
      )}
    </AppDialog>
  );
}
