import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  label: string;
  /** Each choice's value and what it says. */
  choices: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  /** Still asking for the choices: says so instead of the list. */
  loading?: boolean;
  /** Said instead of the list when there is nothing to choose (a link, say). */
  empty?: ReactNode;
};

/**
 * One choice among a few, as the booking dialogs ask for a child or a dated class (a make-up, a
 * trial, a pass's visit): a select, or what to say while loading or when there is none.
 */
export function ChoiceSelect({ label, choices, value, onChange, loading, empty }: Props) {
  const { t } = useTranslation();
  if (loading) return <Typography sx={{ mt: 2 }}>{t('common.loading')}</Typography>;
  if (choices.length === 0 && empty) return <Typography sx={{ mt: 2 }}>{empty}</Typography>;
  return (
    <TextField
      select
      fullWidth
      margin="normal"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      {choices.map((c) => (
        <MenuItem key={c.value} value={c.value}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
