import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../lib/store-hooks';
import { selectRole } from '../../session';
import { useFamilyAttendanceQuery } from '../attendance-api';
import { AttendanceRollDialog } from './attendance-roll-dialog';

/** What the session view needs to know of a session. */
export type AttendanceKlass = {
  id: string;
  starts_at: string;
  status: 'scheduled' | 'cancelled';
};

type Props = {
  klass: AttendanceKlass;
  zone: string;
  /** The current time (ms); tests pin it. */
  now?: number;
};

/**
 * Attendance in a session's view on /classes (docs/product.md#attendance): staff get "Attendance",
 * which opens the roll; a family sees its children's marks once the session has started.
 * Nothing for a cancelled session.
 */
export function KlassAttendance({ klass, zone, now = Date.now() }: Props) {
  const role = useAppSelector(selectRole);
  if (klass.status === 'cancelled') return null;
  if (role === 'teacher' || role === 'admin') return <TakeAttendance klass={klass} zone={zone} />;
  if (role === 'student' && Date.parse(klass.starts_at) <= now) {
    return <ChildrenMarks klassId={klass.id} />;
  }
  return null;
}

function TakeAttendance({ klass, zone }: { klass: AttendanceKlass; zone: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ mt: 2 }}>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {t('attendance.open')}
      </Button>
      {open && (
        <AttendanceRollDialog klassId={klass.id} zone={zone} onClose={() => setOpen(false)} />
      )}
    </Box>
  );
}

function ChildrenMarks({ klassId }: { klassId: string }) {
  const { t } = useTranslation();
  const { data } = useFamilyAttendanceQuery({ klass_id: klassId });
  if (!data || data.rows.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid="klass-attendance">
      <Typography component="h3" sx={{ fontWeight: 600 }} id={`klass-attendance-${klassId}`}>
        {t('attendance.title')}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-labelledby={`klass-attendance-${klassId}`}
      >
        {data.rows.map((row) => (
          <Typography component="li" variant="body2" key={row.id}>
            {t('attendance.childStatus', {
              name: row.attendee_name,
              status: row.status ? t(`attendance.status.${row.status}`) : t('attendance.notMarked'),
            })}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
