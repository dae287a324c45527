import { type AccountAgreement, AGREEMENTS_API } from '@atelier/contract';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import GlobalStyles from '@mui/material/GlobalStyles';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { handleError } from '../../../lib/api-client';
import { useDownloadFileMutation } from '../../../lib/file-download-api';
import {
  useAccountAgreementsQuery,
  useSignedCopyQuery,
  useWithdrawSignatureMutation,
} from '../agreements-api';
import { agreementHeading, SignAgreementForm } from './sign-agreement-form';
import { useDateTime } from './use-date-time';

const rowKey = (row: AccountAgreement) =>
  `${row.agreement_id}-${row.attendee_profile_id ?? 'family'}`;

/**
 * Account settings › Agreements: each agreement (per child for per-child ones) with what is
 * signed and what is due; sign, see and print or download a signed copy, withdraw a media release
 * (docs/product.md#agreements).
 */
export function AccountAgreements() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { data: rows = [], isLoading } = useAccountAgreementsQuery();
  const [signing, setSigning] = useState<AccountAgreement | null>(null);
  const [copyId, setCopyId] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState<AccountAgreement | null>(null);
  const [withdraw] = useWithdrawSignatureMutation();

  if (isLoading || rows.length === 0) return null;

  const confirmWithdraw = async () => {
    const id = withdrawing?.signature?.id;
    setWithdrawing(null);
    if (!id) return;
    try {
      await withdraw(id).unwrap();
    } catch (error) {
      handleError(error, t('agreements.withdrawFailed'));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="account-agreements">
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {t('agreements.accountTitle')}
      </Typography>
      <List aria-label={t('agreements.accountTitle')}>
        {rows.map((row) => (
          <ListItem
            key={rowKey(row)}
            divider
            data-testid="account-agreement"
            data-agreement={row.title}
            data-child={row.attendee_name ?? ''}
            sx={{ flexWrap: 'wrap', gap: 1 }}
          >
            <Stack sx={{ flexGrow: 1, minWidth: 200 }}>
              <Typography>{agreementHeading(row)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {row.signature
                  ? t('agreements.signedOn', {
                      version: row.signature.version,
                      when: dateTime(row.signature.signed_at),
                    })
                  : t('agreements.notSigned')}
              </Typography>
            </Stack>
            {row.due && <Chip color="warning" label={t('agreements.due')} />}
            {row.due && (
              <Button variant="contained" size="small" onClick={() => setSigning(row)}>
                {t('agreements.signNamed', { name: agreementHeading(row) })}
              </Button>
            )}
            {row.signature && (
              <Button
                size="small"
                onClick={() => setCopyId(row.signature?.id ?? null)}
                aria-label={t('agreements.viewCopyNamed', { name: agreementHeading(row) })}
              >
                {t('agreements.viewCopy')}
              </Button>
            )}
            {row.signature && row.kind === 'media_release' && (
              <Button
                size="small"
                color="warning"
                onClick={() => setWithdrawing(row)}
                aria-label={t('agreements.withdrawNamed', { name: agreementHeading(row) })}
              >
                {t('agreements.withdraw')}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
      {signing && (
        <AppDialog
          open
          title={t('agreements.signTitle')}
          onClose={() => setSigning(null)}
          testId="sign-agreement-dialog"
          actions={<Button onClick={() => setSigning(null)}>{t('common.cancel')}</Button>}
        >
          <SignAgreementForm row={signing} onSigned={() => setSigning(null)} />
        </AppDialog>
      )}
      {copyId && <SignedCopy id={copyId} onClose={() => setCopyId(null)} />}
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('agreements.withdrawTitle')}
        message={t('agreements.withdrawMessage', {
          name: withdrawing?.attendee_name ?? withdrawing?.title ?? '',
        })}
        confirmLabel={t('agreements.withdraw')}
        onConfirm={() => void confirmWithdraw()}
        onCancel={() => setWithdrawing(null)}
      />
    </Paper>
  );
}

/**
 * A signed copy: the exact text signed and who signed it, when and from where; the browser's
 * print with the dialog as the page, or a PDF to keep (as a receipt is).
 */
function SignedCopy({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { data: copy } = useSignedCopyQuery(id);
  const [download, { isLoading: downloading }] = useDownloadFileMutation();
  const downloadPdf = async () => {
    try {
      await download({
        url: AGREEMENTS_API.signaturePdf(id),
        filename: `agreement-${id}.pdf`,
      }).unwrap();
    } catch (error) {
      handleError(error, t('agreements.downloadFailed'));
    }
  };
  return (
    <>
      <GlobalStyles styles={{ '@media print': { '#root': { display: 'none' } } }} />
      <AppDialog
        open
        title={copy?.agreement_title ?? t('agreements.copyTitle')}
        onClose={onClose}
        testId="signed-copy-dialog"
        actions={
          <>
            <Button onClick={() => void downloadPdf()} disabled={downloading}>
              {t('agreements.downloadPdf')}
            </Button>
            <Button onClick={() => window.print()}>{t('agreements.print')}</Button>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </>
        }
      >
        {copy && (
          <Stack spacing={1}>
            <Typography variant="body2">
              {t('agreements.versionLabel', { version: copy.version })}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{copy.body}</Typography>
            <Typography sx={{ fontWeight: 700 }}>
              {t('agreements.signedBy', { name: copy.signer_name })}
            </Typography>
            {copy.attendee_name && (
              <Typography>{t('agreements.forChild', { name: copy.attendee_name })}</Typography>
            )}
            <Typography>{t('agreements.signedAt', { when: dateTime(copy.signed_at) })}</Typography>
            <Typography>{t('agreements.fromIp', { ip: copy.ip })}</Typography>
            {copy.withdrawn_at && (
              <Typography color="warning.main">
                {t('agreements.withdrawnAt', { when: dateTime(copy.withdrawn_at) })}
              </Typography>
            )}
          </Stack>
        )}
      </AppDialog>
    </>
  );
}
