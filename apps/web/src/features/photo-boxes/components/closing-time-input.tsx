import { PHOTO_BOX_MAX_HOURS } from '@atelier/contract';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { latestClosing, toLocalInput } from '../closing-time';

/**
 * A box's closing time as a date and time in the teacher's zone (a datetime-local input), kept
 * between now and PHOTO_BOX_MAX_HOURS ahead by its min and max.
 */
export function ClosingTimeInput({
  value,
  onChange,
  zone,
  now,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  zone: string;
  now: number;
  /** A message shown in place of the hint. */
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      type="datetime-local"
      name="closes_at"
      label={t('photoBoxes.closesAt')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      fullWidth
      disabled={disabled}
      error={error !== undefined}
      helperText={error ?? t('photoBoxes.closesAtHint', { zone, hours: PHOTO_BOX_MAX_HOURS })}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { min: toLocalInput(now, zone), max: toLocalInput(latestClosing(now), zone) },
      }}
    />
  );
}
