import type { User } from '@atelier/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormErrors } from '../../../components/form/use-form-errors';
import { UsersPicker } from '../../../components/form/users-picker';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
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
  const keyword = useDebouncedValue(input.trim(), SEARCH_DELAY_MS);
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
      <UsersPicker
        sx={{ flex: 1 }}
        value={chosen}
        onChange={(users) => {
          setChosen(users);
          messages.clear('user_ids');
        }}
        inputValue={input}
        onInputChange={setInput}
        options={data ?? []}
        loading={isFetching}
        noOptionsText={t('userGroups.noCandidates')}
        label={t('userGroups.findPeople')}
        {...messages.helper('user_ids', t('userGroups.findPeopleHint'))}
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
