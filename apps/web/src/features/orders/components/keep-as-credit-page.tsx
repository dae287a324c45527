import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormErrors } from '../../../components/form/use-form-errors';
import { formatCents } from '../../../lib/money';
import { useHeldRefundQuery, useKeepAsCreditMutation } from '../refunds-api';

/**
 * Where a late payment's mail leads (docs/architecture.md#refunds): while the card refund is held
 * the family may keep the money as account credit instead; once it went, the page says it is on
 * its way back to the card. The signed token in the link says which refund: no sign-in needed.
 */
export function KeepAsCreditPage() {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const { data, isLoading, isError } = useHeldRefundQuery(token, { skip: token === '' });
  const [keep] = useKeepAsCreditMutation();
  const errors = useFormErrors({ fields: [] });
  if (token === '' || isError) return <Alert severity="error">{t('refunds.keep.badLink')}</Alert>;
  if (isLoading || !data) return <CircularProgress aria-label={t('common.loading')} />;
  const values = {
    amount: formatCents(data.amount, data.currency, i18n.language),
    orderId: data.order_id,
    when: data.send_after
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(data.send_after),
        )
      : '',
  };
  if (data.state === 'credit') {
    return (
      <Alert severity="success" data-testid="keep-as-credit-state">
        {t('refunds.keep.credit', values)}
      </Alert>
    );
  }
  if (data.state === 'card') {
    return (
      <Alert severity="info" data-testid="keep-as-credit-state">
        {t('refunds.keep.card', values)}
      </Alert>
    );
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography>{t('refunds.keep.held', values)}</Typography>
      <Typography>{t('refunds.keep.offer')}</Typography>
      <div>
        <Button
          variant="contained"
          disabled={errors.submitting}
          onClick={() =>
            errors.submit(() => keep(token).unwrap(), { label: t('refunds.keep.failed') })
          }
        >
          {t('refunds.keep.button', values)}
        </Button>
      </div>
    </Stack>
  );
}
