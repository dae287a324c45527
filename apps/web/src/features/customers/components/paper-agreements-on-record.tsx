import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGuestCustomerQuery } from '../customers-api';
import { isOnRecord, useAgreementsAskedAtTheDesk } from './paper-agreements-fields';

/**
 * What a walk-in has on record of the agreements required before booking (docs/product.md#agreements),
 * shown where staff edit them: each per-family one once, each per-child one for every child of
 * theirs, signed on paper or still to sign. Nothing when the school asks for none.
 */
export function PaperAgreementsOnRecord({ guestId }: { guestId: string }) {
  const { t } = useTranslation();
  const detail = useGuestCustomerQuery(guestId);
  const asked = useAgreementsAskedAtTheDesk();
  if (!detail.data || asked.length === 0) return null;
  const { attendees, agreements_on_record: records } = detail.data;
  const line = (key: string, title: string, signed: boolean, name?: string) => (
    <li key={key}>
      {t(signed ? 'customers.paper.recordSigned' : 'customers.paper.recordMissing', {
        title: name ? t('customers.paper.recordFor', { title, name }) : title,
      })}
    </li>
  );
  const lines = asked.flatMap((a) => {
    if (!a.per_child) return [line(a.id, a.title, isOnRecord(records, a.id, null))];
    if (attendees.length === 0) {
      return [<li key={a.id}>{t('customers.paper.recordNoChild', { title: a.title })}</li>];
    }
    return attendees.map((c) =>
      line(`${a.id}-${c.id}`, a.title, isOnRecord(records, a.id, c.id), c.name),
    );
  });
  return (
    <Alert severity="info" data-testid="walk-in-agreements-on-record">
      <Typography variant="body2" component="h3" sx={{ fontWeight: 600 }}>
        {t('customers.paper.recordTitle')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {lines}
      </Box>
    </Alert>
  );
}
