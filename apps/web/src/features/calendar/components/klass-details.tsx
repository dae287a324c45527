import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CalendarKlass } from '../calendar-api';
import { formatTimeRange } from '../calendar-format';

/** What a calendar entry says: when, what, who teaches, where or the meeting link, for whom. */
export function KlassDetails({ klass, zone }: { klass: CalendarKlass; zone: string }) {
  const { t, i18n } = useTranslation();
  const cancelled = klass.status === 'cancelled';
  return (
    <Box data-testid="calendar-klass-details">
      <Typography sx={cancelled ? { textDecoration: 'line-through' } : {}}>
        {formatTimeRange(klass.starts_at, klass.ends_at, zone, i18n.language)}
      </Typography>
      {cancelled && <Chip size="small" label={t('calendar.cancelled')} sx={{ my: 0.5 }} />}
      <Typography variant="body2">{klass.schedule_name}</Typography>
      <Typography variant="body2">{t('calendar.teacher', { name: klass.teacher_name })}</Typography>
      {klass.format === 'online' ? (
        klass.meeting_url ? (
          <Link href={klass.meeting_url} target="_blank" rel="noreferrer" variant="body2">
            {t('calendar.joinOnline')}
          </Link>
        ) : (
          <Typography variant="body2">{t('calendar.online')}</Typography>
        )
      ) : (
        // The room, then the address: where the family goes, as the iCal feed says it.
        (klass.room || klass.location) && (
          <Typography variant="body2">
            {t('calendar.location', {
              place: [klass.room, klass.location].filter(Boolean).join(', '),
            })}
          </Typography>
        )
      )}
      {klass.attendee_names.length > 0 && (
        <Typography variant="body2">
          {t('calendar.attendees', { names: klass.attendee_names.join(', ') })}
        </Typography>
      )}
    </Box>
  );
}
