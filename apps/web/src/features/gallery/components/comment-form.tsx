import { COMMENT_MAX_LENGTH } from '@atelier/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useForm } from '../../../components/form/use-form';

type Props = {
  label: string;
  submitLabel: string;
  initial?: string;
  /** Sends the text; a failure is shown by the form (422 beside the field, else the snackbar). */
  onSend: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  testId?: string;
};

/** A comment's text: a new comment, a reply, or an edit. */
export function CommentForm({ label, submitLabel, initial = '', onSend, onCancel, testId }: Props) {
  const { t } = useTranslation();
  const formId = useId();
  const { field, setValue, handleSubmit, submitting, formMessages } = useForm(
    { body: initial },
    { body: { required: true } },
  );
  const submit = handleSubmit(
    async ({ body }) => {
      await onSend(body.trim());
      setValue('body', '');
    },
    { label: t('gallery.comments.sendFailed') },
  );
  return (
    <Stack
      component="form"
      id={formId}
      noValidate
      onSubmit={submit}
      spacing={1}
      data-testid={testId}
    >
      <FormErrorAlert messages={formMessages} />
      <TextField
        {...field('body')}
        label={label}
        multiline
        minRows={2}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" size="small" disabled={submitting}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button size="small" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
