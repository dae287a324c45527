import type { FlatPlan } from '@atelier/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientConfig } from '../../../lib/client-config';
import { planPriceText } from '../plan-price';
import { usePlansQuery } from '../plans-api';

const SEARCH_DELAY_MS = 250;

type PlanOption = Pick<FlatPlan, 'id' | 'name' | 'base_price' | 'unit_price' | 'unit_type'>;

type Props = {
  value: PlanOption[];
  onChange: (plans: PlanOption[]) => void;
  error?: boolean;
  helperText?: string;
};

/** Chooses the plans a schedule offers (at least one), searching the plans by name. */
export function PlanPicker({ value, onChange, error, helperText }: Props) {
  const { t, i18n } = useTranslation();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const { data, isFetching } = usePlansQuery({ page: 1, search: keyword });
  const currency = clientConfig().currency;

  return (
    <Autocomplete
      multiple
      value={value}
      onChange={(_event, plans) => onChange(plans)}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        // Choosing an option must not clear the search the admin typed.
        if (reason !== 'reset') setInput(text);
      }}
      options={(data?.items ?? []) as PlanOption[]}
      loading={isFetching}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.name}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {option.name} — {planPriceText(option, currency, i18n.language, t)}
          </li>
        );
      }}
      noOptionsText={t('manageClasses.schedule.noPlans')}
      loadingText={t('common.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('manageClasses.schedule.plans')}
          required
          error={error}
          helperText={helperText}
        />
      )}
    />
  );
}

export type { PlanOption };
