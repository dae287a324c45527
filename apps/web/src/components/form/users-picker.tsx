import type { User } from '@atelier/contract';
import Autocomplete from '@mui/material/Autocomplete';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/**
 * Chooses several people by name or e-mail from what the server found for the typed text: the
 * caller searches (its own endpoint and rules) with the text once typing settles and passes the
 * results as `options`. Each option shows the name and the e-mail; a chosen one, its name.
 */
export function UsersPicker({
  value,
  onChange,
  inputValue,
  onInputChange,
  options,
  loading,
  label,
  noOptionsText,
  error,
  helperText,
  name,
  required,
  disabled,
  sx,
}: {
  value: User[];
  onChange: (users: User[]) => void;
  inputValue: string;
  onInputChange: (text: string) => void;
  options: User[];
  loading: boolean;
  label: string;
  noOptionsText: string;
  error?: boolean;
  helperText?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      multiple
      sx={sx}
      value={value}
      onChange={(_event, users) => onChange(users)}
      inputValue={inputValue}
      onInputChange={(_event, text) => onInputChange(text)}
      options={options}
      loading={loading}
      // The server searched already: show what it found.
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(user) => user.name}
      renderOption={(props, user) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {`${user.name} (${user.email})`}
          </li>
        );
      }}
      noOptionsText={noOptionsText}
      loadingText={t('common.loading')}
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          required={required}
          label={label}
          error={error}
          helperText={helperText}
        />
      )}
    />
  );
}
