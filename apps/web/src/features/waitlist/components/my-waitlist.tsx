import { WAITLIST_PAGES } from '@atelier/contract';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import { useMyWaitlist } from '../use-offered-seats';
import { formatOfferEnd } from './offer-expiry';

/**
 * "Your waitlist" on /orders (docs/product.md#waitlist), where an offer's notification leads:
 * each class the family waits for, its place, and an open offer with "Book now". Nothing shows
 * while the family waits for nothing.
 */
export function MyWaitlist() {
  const { t, i18n } = useTranslation();
  const user = useAppSelector(selectUser);
  const { data } = useMyWaitlist();
  if (!data || data.length === 0) return null;
  const zone = timeZoneOf(user);
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: 2, mb: 3 }}
      aria-labelledby="my-waitlist-title"
    >
      <Typography variant="h6" component="h2" id="my-waitlist-title">
        {t('waitlist.mineTitle')}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {data.map((entry) => (
          <li key={entry.id} data-testid="my-waitlist-entry">
            <Typography variant="body1">
              {`${entry.klass_group.name} · ${entry.klass_group_schedule.name}`}
            </Typography>
            {entry.offer ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2">
                  {t('waitlist.offerHeld', {
                    count: entry.offer.seats,
                    until: formatOfferEnd(entry.offer.expires_at, zone, i18n.language),
                  })}
                </Typography>
                <Button
                  component={RouterLink}
                  to={WAITLIST_PAGES.bookKlassGroup(entry.klass_group.slug)}
                  variant="contained"
                  size="small"
                  aria-label={t('waitlist.bookNowLabel', { name: entry.klass_group.name })}
                >
                  {t('waitlist.bookNow')}
                </Button>
              </Stack>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('waitlist.yourPlace', { place: entry.place, count: entry.seats })}
              </Typography>
            )}
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
