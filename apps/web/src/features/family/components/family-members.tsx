import { type AttendeeProfile, PAGE_SIZE, type User } from '@atelier/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import MedicalInformationIcon from '@mui/icons-material/MedicalInformation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { translateServerMessage } from '../../../components/form/server-messages';
import { handleError, toApiError } from '../../../lib/api-client';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { familyIdOf } from '../../session';
import { formatBirthday } from '../birthday';
import {
  type FamilyMemberFields,
  type FamilyMemberPrivacy,
  useAddFamilyMemberMutation,
  useFamilyMembersQuery,
  useRemoveFamilyMemberMutation,
  useUpdateFamilyMemberMutation,
} from '../family-api';
import { ChildCardDialog } from './child-card-dialog';
import { FamilyMemberDialog } from './family-member-dialog';

type Editing = { mode: 'add' } | { mode: 'edit'; member: AttendeeProfile } | null;

/**
 * The account's family members (attendee profiles): list, add, edit, remove. The account holder
 * can be one of them, marked "You".
 */
export function FamilyMembers({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<AttendeeProfile | null>(null);
  const [card, setCard] = useState<AttendeeProfile | null>(null);
  const { data, isLoading, isError, refetch } = useFamilyMembersQuery({
    userId: familyIdOf(user),
    page,
  });
  const [addMember] = useAddFamilyMemberMutation();
  const [updateMember] = useUpdateFamilyMemberMutation();
  const [removeMember] = useRemoveFamilyMemberMutation();

  const success = (content: string) => dispatch(snackbarShown({ content, type: 'success' }));

  const save = async (fields: FamilyMemberFields & Partial<FamilyMemberPrivacy>) => {
    if (editing?.mode === 'edit') {
      await updateMember({ userId: familyIdOf(user), id: editing.member.id, fields }).unwrap();
      success(t('family.updated', { name: fields.name }));
    } else {
      const { name, birthday, is_account_holder } = fields;
      await addMember({
        userId: familyIdOf(user),
        fields: { name, birthday, is_account_holder },
      }).unwrap();
      success(t('family.added', { name: fields.name }));
    }
    setEditing(null);
  };

  const remove = async (member: AttendeeProfile) => {
    setRemoving(null);
    try {
      await removeMember({ userId: familyIdOf(user), id: member.id }).unwrap();
      success(t('family.removed', { name: member.name }));
      // Removing the last member of a later page leaves that page empty: go back one.
      if (page > 1 && data?.members.length === 1) setPage(page - 1);
    } catch (error) {
      const apiError = toApiError(error);
      // 409: booked into a class. The server's reason is the message worth showing.
      const detail = apiError.status === 409 && apiError.detail;
      handleError(error, detail ? translateServerMessage(detail, t) : t('family.removeFailed'));
    }
  };

  const pages = data ? Math.ceil(data.meta.total / (data.meta.per_page || PAGE_SIZE)) : 0;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="family-section"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}
    >
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
      >
        <Typography id={titleId} variant="h2" sx={{ fontSize: 22 }}>
          {t('family.title')}
        </Typography>
        <Button
          startIcon={<AddIcon />}
          variant="contained"
          onClick={() => setEditing({ mode: 'add' })}
          data-testid="family-add"
        >
          {t('family.add')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('family.lead')}
      </Typography>
      {isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('family.retry')}
            </Button>
          }
        >
          {t('family.loadFailed')}
        </Alert>
      )}
      {!isLoading && data && data.members.length === 0 && (
        <Typography data-testid="family-empty">{t('family.empty')}</Typography>
      )}
      {data && data.members.length > 0 && (
        <List aria-label={t('family.list')} data-testid="family-list">
          {data.members.map((member) => (
            <ListItem
              key={member.id}
              divider
              data-testid="family-member"
              secondaryAction={
                <Stack direction="row" spacing={1}>
                  <IconButton
                    aria-label={t('childCard.open', { name: member.name })}
                    onClick={() => setCard(member)}
                    data-testid="family-member-card"
                  >
                    <MedicalInformationIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('family.edit', { name: member.name })}
                    onClick={() => setEditing({ mode: 'edit', member })}
                  >
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('family.remove', { name: member.name })}
                    onClick={() => setRemoving(member)}
                    edge="end"
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              }
              sx={{ pr: 20 }}
            >
              <ListItemText
                primary={
                  <Box
                    component="span"
                    sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}
                  >
                    {member.name}
                    {member.is_account_holder && (
                      <Chip label={t('family.you')} size="small" color="primary" />
                    )}
                  </Box>
                }
                secondary={
                  member.birthday
                    ? t('family.born', { date: formatBirthday(member.birthday, i18n.language) })
                    : t('family.noBirthday')
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_, next) => setPage(next)}
          aria-label={t('family.pages')}
          getItemAriaLabel={(type, item, selected) => {
            switch (type) {
              case 'page':
                return t(selected ? 'family.pagination.current' : 'family.pagination.page', {
                  page: item ?? '',
                });
              case 'first':
              case 'last':
              case 'next':
              case 'previous':
                return t(`family.pagination.${type}`);
              default:
                return '';
            }
          }}
          sx={{ mt: 2 }}
        />
      )}
      {editing && (
        <FamilyMemberDialog
          member={editing.mode === 'edit' ? editing.member : undefined}
          holderName={user.name}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      {card && (
        <ChildCardDialog
          userId={familyIdOf(user)}
          // The list's copy, refreshed after each save: the dialog keeps its own draft.
          member={data?.members.find((m) => m.id === card.id) ?? card}
          onClose={() => setCard(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t('family.remove', { name: removing.name }) : undefined}
        message={removing ? t('family.confirmRemove', { name: removing.name }) : ''}
        confirmLabel={t('family.removeConfirm')}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Paper>
  );
}
