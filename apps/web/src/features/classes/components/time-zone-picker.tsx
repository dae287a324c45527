import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  value: string;
  onChange: (zone: string) => void;
  error?: boolean;
  helperText?: string;
};

/** The IANA zones the browser knows; a typed name not in the list is still taken (and checked). */
export function TimeZonePicker({ value, onChange, error, helperText }: Props) {
  const { t } = useTranslation();
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  return (
    <Autocomplete
      freeSolo
      options={zones}
      value={value}
      onChange={(_event, zone) => onChange(zone ?? '')}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') onChange(text);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('manageClasses.schedule.timeZone')}
          required
          error={error}
          helperText={helperText}
        />
      )}
    />
  );
}
