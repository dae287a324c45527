import type { FlatKlassGroup } from '@atelier/contract';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog';
import { handleError } from '../../../lib/api-client';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { useDeleteKlassGroupMutation, useUpdateKlassGroupMutation } from '../classes-api';

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
  const [deleteKlassGroup] = useDeleteKlassGroupMutation();
  const [updateKlassGroup, archiving] = useUpdateKlassGroupMutation();
  const done = (content: string) => dispatch(snackbarShown({ content, type: 'success' }));

  const archive = async () => {
    try {
      await updateKlassGroup({
        id: group.id,
        fields: { published: false },
      }).unwrap();
      done(t('manageClasses.delete.archived', { name: group.name }));
      onClose();
    } catch (error) {
      handleError(error, t('manageClasses.publish.failed'));
    }
  };

  return (
    <ConfirmDeleteDialog
      title={t('manageClasses.delete.title', { name: group.name })}
      question={t('manageClasses.delete.question')}
      confirmLabel={t('manageClasses.delete.confirm')}
      onConfirm={() => deleteKlassGroup(group.id).unwrap()}
      onDeleted={() => {
        // docs/product.md#client-state: the endpoint dropped the programme and its classes from the cache.
        done(t('manageClasses.delete.done', { name: group.name }));
        onClose();
        onDeleted?.();
      }}
      onClose={onClose}
      inUseMessage={t(
        group.published ? 'manageClasses.delete.inUse' : 'manageClasses.delete.inUseArchived',
      )}
      inUseActions={
        group.published && (
          <Button variant="contained" onClick={archive} disabled={archiving.isLoading}>
            {t('manageClasses.delete.archive')}
          </Button>
        )
      }
      failedMessage={t('manageClasses.delete.failed')}
      testId="delete-klass-group-dialog"
    />
  );
}
