import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZoneLabel, timeZoneOptions } from '../time-zones';

type Props = {
  label: string;
  value: string;
  onChange: (zone: string) => void;
  /** A message to show instead of the hint (a server field message). */
  error?: string;
  hint?: string;
  testId?: string;
};

/**
 * A searchable list of every IANA time zone the browser knows (`Intl.supportedValuesOf`); typing
 * a city filters it ("tokyo", "new york").
 */
export function TimeZoneSelect({ label, value, onChange, error, hint, testId }: Props) {
  const { t } = useTranslation();
  const options = useMemo(() => timeZoneOptions(value), [value]);
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_, zone) => {
        if (zone) onChange(zone);
      }}
      disableClearable
      autoHighlight
      getOptionLabel={timeZoneLabel}
      noOptionsText={t('register.timezoneNoMatch')}
      openText={t('register.timezoneOpen')}
      closeText={t('register.timezoneClose')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required
          margin="dense"
          error={Boolean(error)}
          helperText={error || hint || ' '}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
