import type { MonthlyEnrollment } from '@atelier/contract';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { handleError } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { useAppSelector } from '../../../lib/store-hooks';
import { selectRole } from '../../session';
import { useEndMonthlyEnrollmentMutation, useMonthlyEnrollmentsQuery } from '../billing-api';

/**
 * A family's monthly enrollments on /classes (docs/decisions/075-monthly-tuition-and-billing-runs.md):
 * each with its autopay card and next charge; "End" stops the months after the notice.
 */
export function MonthlyEnrollments() {
  const { t, i18n } = useTranslation();
  const role = useAppSelector(selectRole);
  const { data } = useMonthlyEnrollmentsQuery(undefined, { skip: role !== 'student' });
  const [end] = useEndMonthlyEnrollmentMutation();
  const [ending, setEnding] = useState<MonthlyEnrollment | null>(null);
  if (role !== 'student' || !data || data.length === 0) return null;
  const confirmEnd = async () => {
    const id = ending?.id;
    setEnding(null);
    if (!id) return;
    try {
      await end(id).unwrap();
    } catch (error) {
      handleError(error, t('billing.monthly.endFailed'));
    }
  };
  return (
    <section aria-labelledby="monthly-enrollments-title" data-testid="monthly-enrollments">
      <Typography variant="h2" id="monthly-enrollments-title" sx={{ fontSize: '1.5rem', mt: 4 }}>
        {t('billing.monthly.title')}
      </Typography>
      <List>
        {data.map((me) => (
          <ListItem
            key={me.id}
            data-testid="monthly-enrollment"
            secondaryAction={
              me.status === 'active' ? (
                <Button
                  variant="outlined"
                  onClick={() => setEnding(me)}
                  aria-label={t('billing.monthly.endNamed', {
                    child: me.child_name,
                    name: me.programme,
                  })}
                >
                  {t('billing.monthly.end')}
                </Button>
              ) : undefined
            }
          >
            <ListItemText
              primary={
                <>
                  {t('billing.monthly.line', {
                    child: me.child_name,
                    name: me.programme,
                    schedule: me.schedule_name,
                  })}{' '}
                  <Chip size="small" label={t(`billing.monthly.status.${me.status}`)} />
                </>
              }
              secondary={[
                t('billing.monthly.price', {
                  amount: formatCents(me.monthly_price, me.currency, i18n.language),
                }),
                me.payment_method
                  ? t('billing.monthly.autopay', {
                      brand: me.payment_method.brand,
                      last4: me.payment_method.last4,
                    })
                  : t('billing.monthly.noAutopay'),
                me.next_charge
                  ? t('billing.monthly.next', {
                      period: me.next_charge.period,
                      amount: formatCents(me.next_charge.amount, me.currency, i18n.language),
                    })
                  : t('billing.monthly.lastMonth', { period: me.last_period ?? '' }),
              ].join(' · ')}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={ending !== null}
        title={t('billing.monthly.endTitle')}
        message={t('billing.monthly.endMessage', { child: ending?.child_name ?? '' })}
        confirmLabel={t('billing.monthly.end')}
        onConfirm={() => void confirmEnd()}
        onCancel={() => setEnding(null)}
      />
    </section>
  );
}
