import type { BillingRunDocument } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminColumn, AdminTable } from '../../../components/admin/admin-table';
import { handleError } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { useRunBillingMutation } from '../billing-api';

type Family = BillingRunDocument['data']['families'][number];

/** The month after the current one, `YYYY-MM` in the browser's calendar: the usual run to make. */
function nextMonth(now = new Date()): string {
  const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  return `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * /manage_billing (admins): pick a month, preview what its billing run would charge, run it, and
 * see per family what was charged (docs/decisions/075-monthly-tuition-and-billing-runs.md). A
 * month runs by itself too; running it again charges nothing twice.
 */
export function ManageBilling() {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState(nextMonth);
  const [run, { isLoading }] = useRunBillingMutation();
  const [result, setResult] = useState<BillingRunDocument['data'] | null>(null);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(period);
  const go = async (dryRun: boolean) => {
    try {
      setResult(await run({ period, dry_run: dryRun }).unwrap());
    } catch (error) {
      handleError(error, t('billing.runs.failed'));
    }
  };
  const money = (cents: number) => formatCents(cents, result?.currency ?? 'USD', i18n.language);
  const columns: AdminColumn<Family>[] = [
    { key: 'name', header: t('billing.runs.family'), render: (f) => f.name },
    {
      key: 'lines',
      header: t('billing.runs.lines'),
      render: (f) =>
        f.lines
          .map((l) =>
            t(l.autopay ? 'billing.runs.lineAutopay' : 'billing.runs.line', {
              child: l.child_name,
              schedule: l.schedule_name,
              amount: money(l.amount),
            }),
          )
          .join('; '),
    },
    { key: 'amount', header: t('billing.runs.amount'), render: (f) => money(f.amount) },
  ];
  return (
    <Box data-testid="manage-billing">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <TextField
          label={t('billing.runs.period')}
          type="month"
          value={period}
          onChange={(e) => setPeriod(e.target.value)}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'billing-period' },
          }}
          error={!valid}
          helperText={valid ? t('billing.runs.periodHelp') : t('billing.runs.periodInvalid')}
        />
        <Button
          variant="outlined"
          disabled={!valid || isLoading}
          onClick={() => void go(true)}
          data-testid="billing-preview"
        >
          {t('billing.runs.preview')}
        </Button>
        <Button
          variant="contained"
          disabled={!valid || isLoading}
          onClick={() => void go(false)}
          data-testid="billing-run"
        >
          {t('billing.runs.run')}
        </Button>
      </Stack>
      {result && (
        <Stack spacing={2}>
          <Alert severity={result.dry_run ? 'info' : 'success'} data-testid="billing-result">
            {t(result.dry_run ? 'billing.runs.previewed' : 'billing.runs.done', {
              period: result.period,
              total: money(result.total),
              count: result.families.length,
            })}
          </Alert>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {t('billing.runs.resultsTitle', { period: result.period })}
          </Typography>
          <AdminTable<Family>
            label={t('billing.runs.tableLabel')}
            columns={columns}
            rows={result.families}
            rowKey={(f) => f.user_id}
            rowName={(f) => f.name}
            rowData={(f) => ({ 'data-testid': 'billing-family', 'data-name': f.name })}
            emptyText={t('billing.runs.empty')}
          />
        </Stack>
      )}
    </Box>
  );
}
