import { type AttendeeProfile, DATE_PICKER_MAX, DATE_PICKER_MIN } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { handleError } from '../../../lib/api-client';
import { serverFieldMessages } from '../../../components/form/server-messages';
import { isBirthdayInRange } from '../birthday';
import type { FamilyMemberFields } from '../family-api';

const FIELDS = ['name', 'birthday', 'is_account_holder'] as const;

type Props = {
  /** The member being edited; absent when adding one. */
  member?: AttendeeProfile;
  /** The account holder's name, offered when "this is me" is ticked with no name typed. */
  holderName: string;
  onSave: (fields: FamilyMemberFields) => Promise<void>;
  onClose: () => void;
};

/** Adds or edits one family member: name, birthday (1900-01-01..2099-12-31), "this is me". */
export function FamilyMemberDialog({ member, holderName, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const formId = useId();
  const holderHelpId = useId();
  const [isHolder, setIsHolder] = useState(member?.is_account_holder ?? false);
  const [holderError, setHolderError] = useState('');
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const { values, field, handleSubmit, setServerErrors, submitting } = useForm(
    { name: member?.name ?? '', birthday: member?.birthday ?? '' },
    {
      name: { required: true },
      birthday: { required: true, check: isBirthdayInRange },
    },
  );
  const nameField = field('name');

  const submit = handleSubmit(async ({ name, birthday }) => {
    setHolderError('');
    setOtherErrors([]);
    try {
      await onSave({ name: name.trim(), birthday, is_account_holder: isHolder });
    } catch (error) {
      const { byField, other } = serverFieldMessages(error, FIELDS, t);
      const { is_account_holder: holderMessage, ...formFields } = byField;
      if (holderMessage) setHolderError(holderMessage);
      setServerErrors(formFields);
      setOtherErrors(other);
      if (Object.keys(byField).length === 0 && other.length === 0) {
        handleError(error, t('family.saveFailed'));
      }
    }
  });

  const birthday = field('birthday');
  return (
    <AppDialog
      open
      onClose={onClose}
      title={member ? t('family.editTitle') : t('family.addTitle')}
      testId="family-member-dialog"
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            disabled={submitting}
            data-testid="family-member-save"
          >
            {t('family.save')}
          </Button>
        </>
      }
    >
      <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={1}>
        {otherErrors.length > 0 && <Alert severity="error">{otherErrors.join(' ')}</Alert>}
        <TextInput {...nameField} label={t('family.name')} testId="family-member-name" />
        <TextField
          {...birthday}
          type="date"
          label={t('family.birthday')}
          margin="dense"
          fullWidth
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: {
              min: DATE_PICKER_MIN,
              max: DATE_PICKER_MAX,
              'data-testid': 'family-member-birthday',
            },
          }}
        />
        <FormControl error={Boolean(holderError)}>
          <FormControlLabel
            control={
              <Checkbox
                checked={isHolder}
                onChange={(event) => {
                  const checked = event.target.checked;
                  setIsHolder(checked);
                  setHolderError('');
                  if (checked && values.name.trim() === '') {
                    nameField.onChange({
                      target: { value: holderName },
                    } as React.ChangeEvent<HTMLInputElement>);
                  }
                }}
                slotProps={{
                  input: {
                    'aria-describedby': holderError ? holderHelpId : undefined,
                  },
                }}
              />
            }
            label={t('family.accountHolder')}
          />
          {holderError && <FormHelperText id={holderHelpId}>{holderError}</FormHelperText>}
        </FormControl>
      </Stack>
    </AppDialog>
  );
}
