import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeachersQuery } from '../classes-api';

const SEARCH_DELAY_MS = 250;

/** A teacher as the picker shows it (a schedule's own teacher may come without an e-mail). */
type TeacherOption = { id: string; name: string; email?: string };

type Props = {
  value: TeacherOption | null;
  onChange: (teacher: TeacherOption | null) => void;
  error?: boolean;
  helperText?: string;
};

/** Chooses a schedule's teacher by searching users with the teacher role by name or e-mail. */
export function TeacherPicker({ value, onChange, error, helperText }: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  // While a chosen teacher's name is in the box, list everyone rather than only that name.
  const search = value && input === value.name ? '' : keyword;
  const { data, isFetching } = useTeachersQuery(search);
  const options: TeacherOption[] = data ?? [];

  return (
    <Autocomplete
      value={value}
      onChange={(_event, teacher) => onChange(teacher)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      options={options}
      loading={isFetching}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.name}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {option.email ? `${option.name} (${option.email})` : option.name}
          </li>
        );
      }}
      noOptionsText={t('manageClasses.schedule.noTeachers')}
      loadingText={t('common.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('manageClasses.schedule.teacher')}
          required
          error={error}
          helperText={helperText}
        />
      )}
    />
  );
}

export type { TeacherOption };
