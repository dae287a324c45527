import {
  AGREEMENT_KINDS,
  AGREEMENTS_API,
  type Agreement,
  type AgreementKind,
  type AgreementSignature,
} from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminColumn, AdminTable } from '../../../components/admin/admin-table';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useFormErrors } from '../../../components/form/use-form-errors';
import { handleError } from '../../../lib/api-client';
import { useDownloadFileMutation } from '../../../lib/file-download-api';
import {
  useAdminAgreementsQuery,
  useAgreementSignaturesQuery,
  useCreateAgreementMutation,
  usePublishAgreementVersionMutation,
  useRetireAgreementMutation,
} from '../agreements-api';
import { useDateTime } from './use-date-time';

/**
 * /manage_agreements (admins): the school's agreements with their current version; create one,
 * publish its next version (a published one never changes), see and export who signed
 * (docs/product.md#agreements).
 */
export function ManageAgreements() {
  const { t } = useTranslation();
  const { data: rows = [], isLoading, isError } = useAdminAgreementsQuery();
  const [creating, setCreating] = useState(false);
  const [publishing, setPublishing] = useState<Agreement | null>(null);
  const [viewing, setViewing] = useState<Agreement | null>(null);
  const [retiring, setRetiring] = useState<Agreement | null>(null);
  const [retire] = useRetireAgreementMutation();
  const confirmRetire = async () => {
    const id = retiring?.id;
    setRetiring(null);
    if (!id) return;
    try {
      await retire(id).unwrap();
    } catch (error) {
      handleError(error, t('agreements.retireFailed'));
    }
  };

  const yesNo = (value: boolean) => t(value ? 'agreements.yes' : 'agreements.no');
  const columns: AdminColumn<Agreement>[] = [
    { key: 'title', header: t('agreements.title'), render: (a) => a.title },
    { key: 'kind', header: t('agreements.kind'), render: (a) => t(`agreements.kinds.${a.kind}`) },
    {
      key: 'required',
      header: t('agreements.requiredBeforeBooking'),
      render: (a) => yesNo(a.required_before_booking),
    },
    { key: 'perChild', header: t('agreements.perChild'), render: (a) => yesNo(a.per_child) },
    {
      key: 'version',
      header: t('agreements.currentVersion'),
      render: (a) =>
        a.retired_at
          ? t('agreements.retired')
          : a.current_version
            ? t('agreements.versionLabel', { version: a.current_version.version })
            : t('agreements.unpublished'),
    },
  ];

  return (
    <Box data-testid="manage-agreements">
      <AdminTable<Agreement>
        label={t('agreements.listLabel')}
        columns={columns}
        rows={rows}
        rowKey={(a) => a.id}
        rowName={(a) => a.title}
        rowData={(a) => ({ 'data-testid': 'agreement-row', 'data-title': a.title })}
        loading={isLoading}
        loadError={isError ? t('agreements.loadFailed') : null}
        emptyText={t('agreements.empty')}
        create={{ label: t('agreements.create'), onClick: () => setCreating(true) }}
        rowActions={(a) => (
          <>
            {!a.retired_at && (
              <Button
                size="small"
                color="warning"
                onClick={() => setRetiring(a)}
                aria-label={t('agreements.retireNamed', { name: a.title })}
              >
                {t('agreements.retire')}
              </Button>
            )}
            <Button
              size="small"
              onClick={() => setPublishing(a)}
              aria-label={t('agreements.publishNamed', { name: a.title })}
            >
              {t('agreements.publish')}
            </Button>
            <Button
              size="small"
              onClick={() => setViewing(a)}
              aria-label={t('agreements.signaturesNamed', { name: a.title })}
            >
              {t('agreements.signatures')}
            </Button>
          </>
        )}
      />
      {creating && <CreateAgreementDialog onClose={() => setCreating(false)} />}
      {publishing && (
        <PublishVersionDialog agreement={publishing} onClose={() => setPublishing(null)} />
      )}
      {viewing && <SignaturesDialog agreement={viewing} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        open={retiring !== null}
        title={t('agreements.retireTitle')}
        message={t('agreements.retireMessage', { name: retiring?.title ?? '' })}
        confirmLabel={t('agreements.retire')}
        onConfirm={() => void confirmRetire()}
        onCancel={() => setRetiring(null)}
      />
    </Box>
  );
}

function CreateAgreementDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [titleJa, setTitleJa] = useState('');
  const [kind, setKind] = useState<AgreementKind>('waiver');
  const [required, setRequired] = useState(false);
  const [perChild, setPerChild] = useState(false);
  const messages = useFormErrors({ fields: ['title', 'translations.ja.title', 'kind'] });
  const [create, { isLoading }] = useCreateAgreementMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!messages.check({ title: title.trim() ? undefined : 'agreements.titleRequired' })) return;
    await messages.submit(
      async () => {
        await create({
          title,
          ...(titleJa.trim() ? { translations: { ja: { title: titleJa } } } : {}),
          kind,
          required_before_booking: required,
          per_child: perChild,
        }).unwrap();
        onClose();
      },
      { label: t('agreements.saveFailed') },
    );
  };

  return (
    <AppDialog
      open
      title={t('agreements.createTitle')}
      onClose={onClose}
      testId="agreement-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={isLoading}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="agreement-form" variant="contained" disabled={isLoading}>
            {t('agreements.create')}
          </Button>
        </>
      }
    >
      <Box component="form" id="agreement-form" noValidate onSubmit={submit}>
        <Stack spacing={1.5}>
          <FormErrorAlert messages={messages.formMessages} />
          <TextField
            label={t('agreements.title')}
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              messages.clear('title');
            }}
            required
            autoFocus
            {...messages.helper('title')}
          />
          <TextField
            label={t('agreements.titleJa')}
            value={titleJa}
            onChange={(e) => setTitleJa(e.target.value)}
            slotProps={{ htmlInput: { lang: 'ja' } }}
            {...messages.helper('translations.ja.title')}
          />
          <TextField
            select
            label={t('agreements.kind')}
            value={kind}
            onChange={(e) => {
              const next = e.target.value as AgreementKind;
              setKind(next);
              // A media release is the child's: signed per child (docs/decisions/070-agreements.md).
              if (next === 'media_release') setPerChild(true);
            }}
            {...messages.helper('kind')}
          >
            {AGREEMENT_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`agreements.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Checkbox checked={required} onChange={(e) => setRequired(e.target.checked)} />
            }
            label={t('agreements.requiredBeforeBooking')}
          />
          <FormControlLabel
            control={
              <Checkbox checked={perChild} onChange={(e) => setPerChild(e.target.checked)} />
            }
            label={t('agreements.perChild')}
          />
        </Stack>
      </Box>
    </AppDialog>
  );
}

function PublishVersionDialog({
  agreement,
  onClose,
}: {
  agreement: Agreement;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState(agreement.current_version?.body ?? '');
  const messages = useFormErrors({ fields: ['body'] });
  const [publish, { isLoading }] = usePublishAgreementVersionMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!messages.check({ body: body.trim() ? undefined : 'agreements.bodyRequired' })) return;
    await messages.submit(
      async () => {
        await publish({ id: agreement.id, body }).unwrap();
        onClose();
      },
      { label: t('agreements.publishFailed') },
    );
  };

  return (
    <AppDialog
      open
      title={t('agreements.publishTitle', { name: agreement.title })}
      onClose={onClose}
      testId="publish-version-dialog"
      maxWidth="md"
      actions={
        <>
          <Button onClick={onClose} disabled={isLoading}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="version-form" variant="contained" disabled={isLoading}>
            {t('agreements.publish')}
          </Button>
        </>
      }
    >
      <Box component="form" id="version-form" noValidate onSubmit={submit}>
        <Stack spacing={1.5}>
          <FormErrorAlert messages={messages.formMessages} />
          <TextField
            label={t('agreements.body')}
            value={body}
            onChange={(e) => {
              setBody(e.target.value);
              messages.clear('body');
            }}
            required
            multiline
            minRows={8}
            fullWidth
            autoFocus
            {...messages.helper('body', t('agreements.bodyHint'))}
          />
        </Stack>
      </Box>
    </AppDialog>
  );
}

function SignaturesDialog({ agreement, onClose }: { agreement: Agreement; onClose: () => void }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { data: rows = [], isLoading } = useAgreementSignaturesQuery(agreement.id);
  const [download, { isLoading: downloading }] = useDownloadFileMutation();
  const downloadCsv = async () => {
    try {
      await download({
        url: AGREEMENTS_API.adminAgreementSignaturesCsv(agreement.id),
        filename: `agreement-${agreement.id}-signatures.csv`,
      }).unwrap();
    } catch (error) {
      handleError(error, t('agreements.downloadFailed'));
    }
  };
  const columns: AdminColumn<AgreementSignature>[] = [
    {
      key: 'family',
      header: t('agreements.family'),
      render: (s) =>
        s.guest_customer_id ? t('agreements.walkIn', { name: s.family_name }) : s.family_name,
    },
    { key: 'child', header: t('agreements.child'), render: (s) => s.attendee_name ?? '—' },
    { key: 'signer', header: t('agreements.signerName'), render: (s) => s.signer_name },
    {
      key: 'method',
      header: t('agreements.method'),
      render: (s) =>
        s.method === 'online'
          ? t('agreements.online')
          : s.recorded_by
            ? t('agreements.onPaper', { name: s.recorded_by })
            : t('agreements.onPaperUnknown'),
    },
    {
      key: 'version',
      header: t('agreements.currentVersion'),
      render: (s) => t('agreements.versionLabel', { version: s.version }),
    },
    {
      key: 'signedAt',
      header: t('agreements.signedAtHeader'),
      render: (s) => dateTime(s.signed_at),
    },
    {
      key: 'state',
      header: t('agreements.state'),
      render: (s) =>
        s.withdrawn_at
          ? t('agreements.withdrawnAt', { when: dateTime(s.withdrawn_at) })
          : s.current
            ? t('agreements.stateCurrent')
            : t('agreements.stateOlder'),
    },
  ];
  return (
    <AppDialog
      open
      title={t('agreements.signaturesTitle', { name: agreement.title })}
      onClose={onClose}
      testId="agreement-signatures-dialog"
      maxWidth="lg"
      actions={
        <>
          <Button onClick={() => void downloadCsv()} disabled={downloading}>
            {t('agreements.downloadCsv')}
          </Button>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </>
      }
    >
      <AdminTable<AgreementSignature>
        label={t('agreements.signaturesTitle', { name: agreement.title })}
        columns={columns}
        rows={rows}
        rowKey={(s) => s.id}
        rowName={(s) => s.signer_name}
        loading={isLoading}
        emptyText={t('agreements.noSignatures')}
      />
    </AppDialog>
  );
}
