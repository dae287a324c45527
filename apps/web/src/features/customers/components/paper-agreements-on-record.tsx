import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAdminAgreementsQuery } from '../../agreements';
import { useGuestCustomerQuery } from '../customers-api';
import { agreementsAskedAtTheDesk } from './paper-agreements-fields';

/**
 * What a walk-in has on record of the agreements required before booking (docs/product.md#agreements),
 * shown where staff edit them: each per-family one once, each per-child one for every child of
 * theirs, signed on paper or still to sign. Nothing when the school asks for none.
 */
export function PaperAgreementsOnRecord({ guestId }: { guestId: string }) {
  const { t } = useTranslation();
  const detail = useGuestCustomerQuery(guestId);
  const asked = agreementsAskedAtTheDesk(useAdminAgreementsQuery().data ?? []);
  if (!detail.data || asked.length === 0) return null;
  const { attendees, agreements_on_record: records } = detail.data;
  const signed = (agreementId: string, attendeeId: string | null) =>
    records.some((r) => r.agreement_id === agreementId && r.attendee_profile_id === attendeeId);
  const line = (key: string, title: string, isSigned: boolean, name?: string) => (
    <li key={key}>
      {t(isSigned ? 'customers.paper.recordSigned' : 'customers.paper.recordMissing', {
        title: name ? t('customers.paper.recordFor', { title, name }) : title,
      })}
    </li>
  );
  return (
    <Alert severity="info" data-testid="walk-in-agreements-on-record">
      <Typography variant="body2" component="h3" sx={{ fontWeight: 600 }}>
        {t('customers.paper.recordTitle')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {asked.flatMap((a) =>
          a.per_child
            ? attendees.length === 0
              ? [<li key={a.id}>{t('customers.paper.recordNoChild', { title: a.title })}</li>]
              : attendees.map((c) => line(`${a.id}-${c.id}`, a.title, signed(a.id, c.id), c.name))
            : [line(a.id, a.title, signed(a.id, null))],
        )}
      </Box>
    </Alert>
  );
}
