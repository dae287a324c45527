import type { UserGroup } from '@atelier/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useForm } from '../../../components/form/use-form';
import { useCreateUserGroupMutation, useRenameUserGroupMutation } from '../user-groups-api';

/** Names a new group, or renames one; the name is unique whatever its case (the server says). */
export function UserGroupNameDialog({
  group,
  onClose,
  onSaved,
}: {
  group?: UserGroup;
  onClose: () => void;
  onSaved: (group: UserGroup) => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const [createGroup] = useCreateUserGroupMutation();
  const [renameGroup] = useRenameUserGroupMutation();
  const { field, handleSubmit, submitting, formMessages } = useForm(
    { name: group?.name ?? '' },
    { name: { required: true, check: (v) => v.length <= 100 } },
  );
  const submit = handleSubmit(
    async ({ name }) => {
      const saved = group
        ? await renameGroup({ id: group.id, fields: { name: name.trim() } }).unwrap()
        : await createGroup({ name: name.trim() }).unwrap();
      onSaved(saved);
      onClose();
    },
    { label: t('userGroups.saveFailed') },
  );

  return (
    <AppDialog
      open
      title={t(group ? 'userGroups.renameTitle' : 'userGroups.createTitle')}
      onClose={submitting ? () => undefined : onClose}
      testId="user-group-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="contained" disabled={submitting}>
            {t('userGroups.save')}
          </Button>
        </>
      }
    >
      <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={1.5}>
        <FormErrorAlert messages={formMessages} />
        <TextField {...field('name')} label={t('userGroups.name')} fullWidth autoFocus />
      </Stack>
    </AppDialog>
  );
}
