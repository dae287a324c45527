import type { User } from '@atelier/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormErrors } from '../../../components/form/use-form-errors';
import { useAddUserGroupMembersMutation, useMemberCandidatesQuery } from '../user-groups-api';

const SEARCH_DELAY_MS = 250;

/** Finds students by name or e-mail (the user search) and adds the chosen ones to the group. */
export function AddMembers({
  groupId,
  onAdded,
}: {
  groupId: string;
  onAdded: (count: number) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<User[]>([]);
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const { data, isFetching } = useMemberCandidatesQuery(keyword);
  const [addMembers, adding] = useAddUserGroupMembersMutation();
  const messages = useFormErrors({ fields: ['user_ids'] });

  const add = () =>
    messages.submit(
      async () => {
        await addMembers({ id: groupId, userIds: chosen.map((u) => u.id) }).unwrap();
        onAdded(chosen.length);
        setChosen([]);
      },
      { label: t('userGroups.addFailed') },
    );

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'start' } }}>
      <Autocomplete
        multiple
        sx={{ flex: 1 }}
        value={chosen}
        onChange={(_event, users) => {
          setChosen(users);
          messages.clear('user_ids');
        }}
        inputValue={input}
        onInputChange={(_event, text) => setInput(text)}
        options={data ?? []}
        loading={isFetching}
        filterOptions={(all) => all}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        getOptionLabel={(user) => user.name}
        renderOption={(props, user) => {
          const { key, ...rest } = props;
          return (
            <li key={key} {...rest}>
              {`${user.name} (${user.email})`}
            </li>
          );
        }}
        noOptionsText={t('userGroups.noCandidates')}
        loadingText={t('common.loading')}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('userGroups.findPeople')}
            {...messages.helper('user_ids', t('userGroups.findPeopleHint'))}
          />
        )}
      />
      <Button
        variant="contained"
        onClick={add}
        disabled={chosen.length === 0 || adding.isLoading}
        sx={{ mt: { sm: 1 } }}
      >
        {t('userGroups.add')}
      </Button>
    </Stack>
  );
}
