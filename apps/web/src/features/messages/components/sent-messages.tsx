import type { Message } from '@atelier/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminColumn, AdminTable } from '../../../components/admin/admin-table';
import { pageCount } from '../../../lib/paged-list';
import { audienceLabel, formatMessageTime, readSummary } from '../message-format';
import { useSentMessagesQuery } from '../messages-api';
import { MessageReceiptsDialog } from './message-receipts-dialog';

/**
 * The messages the viewer sent, newest first (docs/product.md#class-messages): when, what, to
 * whom, and "3 of 5 read"; a message opens with each family's read time.
 */
export function SentMessages({ zone }: { zone: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const { data, isError, isFetching } = useSentMessagesQuery(page);

  const columns: AdminColumn<Message>[] = [
    {
      key: 'sent',
      header: t('classMessages.history.sentAt'),
      render: (m) => formatMessageTime(m.created_at, zone, i18n.language),
    },
    { key: 'title', header: t('classMessages.history.subject'), render: (m) => m.title },
    {
      key: 'to',
      header: t('classMessages.history.to'),
      render: (m) => audienceLabel(m, t, i18n.language),
    },
    { key: 'read', header: t('classMessages.history.read'), render: (m) => readSummary(m, t) },
  ];

  return (
    <Stack spacing={2} component="section" aria-labelledby="sent-messages-title">
      <Typography id="sent-messages-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('classMessages.history.title')}
      </Typography>
      <AdminTable
        label={t('classMessages.history.label')}
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(m) => m.id}
        rowName={(m) => m.title}
        loading={isFetching && !data}
        loadError={isError ? t('classMessages.history.loadFailed') : null}
        emptyText={t('classMessages.history.empty')}
        rowActions={(m) => (
          <Button
            size="small"
            onClick={() => setOpenId(m.id)}
            aria-label={t('classMessages.history.receiptsOf', { title: m.title })}
          >
            {t('classMessages.history.receipts')}
          </Button>
        )}
        paging={
          data && data.meta.total > data.meta.per_page
            ? { kind: 'pages', page, pageCount: pageCount(data.meta), onPageChange: setPage }
            : undefined
        }
        testId="sent-messages"
      />
      {openId && <MessageReceiptsDialog id={openId} zone={zone} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}
