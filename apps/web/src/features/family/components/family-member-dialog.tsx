import { type AttendeeProfile, DATE_PICKER_MAX, DATE_PICKER_MIN } from '@atelier/contract';
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
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { isBirthdayInRange } from '../birthday';
import type { FamilyMemberFields, FamilyMemberPrivacy } from '../family-api';
import { FamilyPrivacyFields } from './family-privacy-fields';

type Props = {
  /** The member being edited; absent when adding one. */
  member?: AttendeeProfile;
  /** The account holder's name, offered when "this is me" is ticked with no name typed. */
  holderName: string;
  /** Privacy travels only when editing: a new member starts with the private defaults. */
  onSave: (fields: FamilyMemberFields & Partial<FamilyMemberPrivacy>) => Promise<void>;
  onClose: () => void;
};

/**
 * Adds or edits one family member: name, birthday (1900-01-01..2099-12-31), "this is me"; when
 * editing, also who sees their artwork and whether comments wait for approval.
 */
export function FamilyMemberDialog({ member, holderName, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const formId = useId();
  const holderHelpId = useId();
  const [isHolder, setIsHolder] = useState(member?.is_account_holder ?? false);
  const [privacy, setPrivacy] = useState<FamilyMemberPrivacy | null>(
    member
      ? {
          gallery_visibility: member.gallery_visibility,
          comments_need_approval: member.comments_need_approval,
        }
      : null,
  );
  const { values, field, setValue, message, clear, handleSubmit, submitting, formMessages } =
    useForm(
      { name: member?.name ?? '', birthday: member?.birthday ?? '' },
      {
        name: { required: true },
        birthday: { required: true, check: isBirthdayInRange },
      },
      { fields: ['is_account_holder', 'gallery_visibility', 'comments_need_approval'] },
    );

  const submit = handleSubmit(
    async ({ name, birthday }) => {
      await onSave({
        name: name.trim(),
        birthday,
        is_account_holder: isHolder,
        ...(privacy ?? {}),
      });
    },
    { label: t('family.saveFailed') },
  );
  const holderError = message('is_account_holder');

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
        <FormErrorAlert messages={formMessages} />
        <TextInput {...field('name')} label={t('family.name')} testId="family-member-name" />
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
                  clear('is_account_holder');
                  if (checked && values.name.trim() === '') setValue('name', holderName);
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
        {privacy && (
          <FamilyPrivacyFields
            name={values.name}
            value={privacy}
            onChange={(next) => {
              setPrivacy(next);
              clear('gallery_visibility', 'comments_need_approval');
            }}
            messages={{
              gallery_visibility: message('gallery_visibility'),
              comments_need_approval: message('comments_need_approval'),
            }}
          />
        )}
      </Stack>
    </AppDialog>
  );
}
