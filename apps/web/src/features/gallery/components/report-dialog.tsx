import { REPORT_REASON_MAX_LENGTH } from '@atelier/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useForm } from '../../../components/form/use-form';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { useCreateReportMutation } from '../gallery-api';

/** What is reported: a post or a comment. */
export type ReportTarget = { post_id: string } | { comment_id: string };

/** Reports a post or a comment to the staff, with a reason (anyone signed in). */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const formId = useId();
  const [createReport] = useCreateReportMutation();
  const { field, handleSubmit, submitting, formMessages } = useForm(
    { reason: '' },
    { reason: { required: true } },
  );
  const submit = handleSubmit(
    async ({ reason }) => {
      await createReport({ ...target, reason: reason.trim() }).unwrap();
      dispatch(snackbarShown({ content: t('gallery.report.sent'), type: 'success' }));
      onClose();
    },
    { label: t('gallery.report.failed') },
  );
  return (
    <AppDialog
      open
      onClose={onClose}
      title={'post_id' in target ? t('gallery.report.postTitle') : t('gallery.report.commentTitle')}
      testId="gallery-report-dialog"
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={submitting}>
            {t('gallery.report.send')}
          </Button>
        </>
      }
    >
      <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={1}>
        <Typography variant="body2">{t('gallery.report.lead')}</Typography>
        <FormErrorAlert messages={formMessages} />
        <TextField
          {...field('reason')}
          label={t('gallery.report.reason')}
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: REPORT_REASON_MAX_LENGTH } }}
        />
      </Stack>
    </AppDialog>
  );
}
