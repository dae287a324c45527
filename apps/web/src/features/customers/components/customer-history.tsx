import type { CustomerOrder } from '@atelier/contract';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { clientConfig } from '../../../lib/client-config';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { formatCents } from '../../../lib/money';
import { useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';

/** The day an instant falls on in the viewer's zone. */
export function useDay() {
  const { i18n } = useTranslation();
  const timeZone = timeZoneOf(useAppSelector(selectUser));
  return (iso: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone }).format(Date.parse(iso));
}

/** A customer's orders, newest first: number, day, programmes, status and total. */
export function CustomerOrders({ orders }: { orders: CustomerOrder[] }) {
  const { t, i18n } = useTranslation();
  const day = useDay();
  const currency = clientConfig().currency;
  if (orders.length === 0)
    return <Typography color="text.secondary">{t('customers.noOrders')}</Typography>;
  return (
    <List dense aria-label={t('customers.orders')}>
      {orders.map((o) => (
        <ListItem key={o.id} data-testid={`customer-order-${o.id}`} disableGutters>
          <ListItemText
            primary={t('customers.orderLine', {
              id: o.id,
              programmes: o.programmes.join(', '),
              total: formatCents(o.total, currency, i18n.language),
            })}
            secondary={[
              day(o.created_at),
              t(`customers.status.${o.status}`),
              o.walk_in ? t('customers.walkIn') : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}
