import type { User, UserGroup } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { type AdminColumn, AdminTable } from '../../../components/admin/admin-table';
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog';
import { usePageParam } from '../../../components/admin/use-page-param';
import { pageCount } from '../../../lib/paged-list';
import { paths } from '../../../lib/route-paths';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import {
  useDeleteUserGroupMutation,
  useRemoveUserGroupMemberMutation,
  useUserGroupMembersQuery,
  useUserGroupQuery,
  useUserGroupsQuery,
} from '../user-groups-api';
import { AddMembers } from './add-members';
import { UserGroupNameDialog } from './user-group-name-dialog';

type Naming = { mode: 'create' } | { mode: 'rename'; group: UserGroup } | null;

/**
 * /user_groups/{id} (teachers and admins): the group's name and members, people found through
 * the user search and added, members removed, and the other groups to switch to
 * (docs/product.md#coupons-and-user-groups). The members' page is in the URL (`?page=`).
 */
export function UserGroupPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [page, setPage] = usePageParam();
  const [groupsPage, setGroupsPage] = useState(1);
  const [groupSearch, setGroupSearch] = useState('');
  const [naming, setNaming] = useState<Naming>(null);
  const [deleting, setDeleting] = useState(false);
  const [removing, setRemoving] = useState<User | null>(null);
  const group = useUserGroupQuery(id);
  const members = useUserGroupMembersQuery({ id, page }, { skip: !group.data });
  const groups = useUserGroupsQuery({ page: groupsPage, search: groupSearch });
  const [deleteGroup] = useDeleteUserGroupMutation();
  const [removeMember] = useRemoveUserGroupMemberMutation();
  const notify = (content: string) => dispatch(snackbarShown({ content, type: 'success' }));
  const current = group.data;

  const memberColumns: AdminColumn<User>[] = [
    { key: 'name', header: t('userGroups.memberName'), render: (user) => user.name },
    { key: 'email', header: t('userGroups.memberEmail'), render: (user) => user.email },
  ];
  const groupColumns: AdminColumn<UserGroup>[] = [
    {
      key: 'name',
      header: t('userGroups.name'),
      render: (other) =>
        other.id === id ? (
          <strong aria-current="page">{other.name}</strong>
        ) : (
          <Link component={RouterLink} to={paths.userGroup(other.id)}>
            {other.name}
          </Link>
        ),
    },
    {
      key: 'members',
      header: t('userGroups.membersCount'),
      align: 'right',
      render: (other) => other.members_count,
    },
  ];

  return (
    <Stack spacing={4} data-testid="user-group-page">
      {group.isError && (
        <Alert severity="warning" data-testid="user-group-missing">
          {t('userGroups.notFound')}
        </Alert>
      )}
      {current && (
        <Box component="section" aria-labelledby="user-group-name">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, mb: 2 }}
          >
            <Typography id="user-group-name" variant="h5" component="h2" sx={{ flex: 1 }}>
              {current.name}
            </Typography>
            <Button onClick={() => setNaming({ mode: 'rename', group: current })}>
              {t('userGroups.rename')}
            </Button>
            <Button color="error" onClick={() => setDeleting(true)}>
              {t('userGroups.delete')}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('userGroups.summary', {
              count: current.members_count,
              coupons: current.coupons_count,
            })}
          </Typography>
          <Box sx={{ mb: 3 }}>
            <AddMembers
              groupId={id}
              onAdded={(count) => notify(t('userGroups.added', { count }))}
            />
          </Box>
          <AdminTable
            label={t('userGroups.membersLabel', { name: current.name })}
            columns={memberColumns}
            rows={members.data?.items ?? []}
            rowKey={(user) => user.id}
            rowName={(user) => user.name}
            rowData={(user) => ({ 'data-testid': `member-row-${user.id}` })}
            loading={!members.data || members.isFetching}
            loadError={members.isError ? t('userGroups.membersLoadFailed') : null}
            emptyText={t('userGroups.noMembers')}
            onDelete={setRemoving}
            paging={{
              kind: 'pages',
              page,
              pageCount: members.data ? pageCount(members.data.meta) : 1,
              onPageChange: setPage,
            }}
          />
        </Box>
      )}
      <Box component="section" aria-labelledby="other-groups">
        <Typography id="other-groups" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('userGroups.allGroups')}
        </Typography>
        <AdminTable
          label={t('userGroups.allGroups')}
          columns={groupColumns}
          rows={groups.data?.items ?? []}
          rowKey={(other) => other.id}
          rowName={(other) => other.name}
          rowData={(other) => ({ 'data-testid': `group-row-${other.id}` })}
          loading={!groups.data || groups.isFetching}
          loadError={groups.isError ? t('userGroups.loadFailed') : null}
          emptyText={t('userGroups.empty')}
          noMatchText={t('userGroups.noMatch')}
          search={{
            label: t('userGroups.search'),
            onSearch: (term) => {
              setGroupsPage(1);
              setGroupSearch(term);
            },
          }}
          create={{ label: t('userGroups.create'), onClick: () => setNaming({ mode: 'create' }) }}
          paging={{
            kind: 'pages',
            page: groupsPage,
            pageCount: groups.data ? pageCount(groups.data.meta) : 1,
            onPageChange: setGroupsPage,
          }}
        />
      </Box>
      {naming && (
        <UserGroupNameDialog
          group={naming.mode === 'rename' ? naming.group : undefined}
          onClose={() => setNaming(null)}
          onSaved={(saved) => {
            if (naming.mode === 'create') {
              notify(t('userGroups.created', { name: saved.name }));
              navigate(paths.userGroup(saved.id));
            } else {
              notify(t('userGroups.renamed', { name: saved.name }));
            }
          }}
        />
      )}
      {deleting && current && (
        <ConfirmDeleteDialog
          title={t('userGroups.deleteTitle', { name: current.name })}
          question={t('userGroups.deleteQuestion')}
          confirmLabel={t('userGroups.deleteConfirm')}
          onConfirm={() => deleteGroup(current.id).unwrap()}
          onDeleted={() => {
            notify(t('userGroups.deleted', { name: current.name }));
            setDeleting(false);
            const next = groups.data?.items.find((other) => other.id !== current.id);
            navigate(next ? paths.userGroup(next.id) : paths.home);
          }}
          onClose={() => setDeleting(false)}
          // A group a coupon is kept for is refused (409): its count says how many to change.
          inUseMessage={t('userGroups.inUse', { count: Math.max(1, current.coupons_count) })}
          failedMessage={t('userGroups.deleteFailed')}
          testId="delete-user-group-dialog"
        />
      )}
      {removing && current && (
        <ConfirmDeleteDialog
          title={t('userGroups.removeTitle', { name: removing.name })}
          question={t('userGroups.removeQuestion', { name: removing.name, group: current.name })}
          confirmLabel={t('userGroups.removeConfirm')}
          onConfirm={() => removeMember({ id: current.id, userId: removing.id }).unwrap()}
          onDeleted={() => {
            notify(t('userGroups.removed', { name: removing.name }));
            setRemoving(null);
          }}
          onClose={() => setRemoving(null)}
          inUseMessage={t('userGroups.removeFailed')}
          failedMessage={t('userGroups.removeFailed')}
          testId="remove-member-dialog"
        />
      )}
    </Stack>
  );
}
