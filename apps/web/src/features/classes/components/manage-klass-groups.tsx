import type { FlatKlassGroup } from '@atelier/contract';
import { FIRST_PAGE } from '@atelier/contract';
import ImageIcon from '@mui/icons-material/Image';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type AdminColumn, AdminTable } from '../../../components/admin/admin-table';
import { handleError } from '../../../lib/api-client';
import { paths } from '../../../lib/route-paths';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import {
  klassGroupAnswered,
  useKlassGroupsQuery,
  useUpdateKlassGroupMutation,
} from '../classes-api';
import { DeleteKlassGroupDialog } from './delete-klass-group-dialog';
import { KlassGroupFormDialog } from './klass-group-form-dialog';

type Editing = { mode: 'create' } | { mode: 'edit'; group: FlatKlassGroup } | null;

/**
 * /manage_classes: the programmes, a page at a time (docs/product.md#client-state `klassGroupLists`
 * and `klassGroupPage`, the list endpoint's one entry: page 1 replaces the list, later pages are
 * merged in by id as "Load more" advances the page, a new search starts from page 1 again), with
 * search, create, edit, publish and delete. The endpoints patch the entry from their answers.
 */
export function ManageKlassGroups() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  // The page to ask for next; the entry's `meta.page` says which one it holds.
  const [page, setPage] = useState(FIRST_PAGE);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FlatKlassGroup | null>(null);
  const [updateKlassGroup] = useUpdateKlassGroupMutation();

  // A visit starts from page 1 whatever an earlier visit left in the cache.
  const { data, isFetching, isError } = useKlassGroupsQuery(
    { page, search },
    { refetchOnMountOrArgChange: true },
  );
  const groups = data?.items ?? [];

  const total = data?.meta.total ?? 0;

  const togglePublished = async (group: FlatKlassGroup) => {
    try {
      const updated = await updateKlassGroup({
        id: group.id,
        fields: { published: !group.published },
      }).unwrap();
      const done = updated.published ? 'published' : 'unpublished';
      dispatch(
        snackbarShown({
          content: t(`manageClasses.publish.${done}`, { name: updated.name }),
          type: 'success',
        }),
      );
    } catch (error) {
      handleError(error, t('manageClasses.publish.failed'));
    }
  };

  const columns: AdminColumn<FlatKlassGroup>[] = [
    {
      key: 'image',
      header: t('manageClasses.list.image'),
      render: thumbnail(t('manageClasses.list.noImage')),
    },
    {
      key: 'name',
      header: t('manageClasses.list.name'),
      render: (group) => (
        <>
          <Link component={RouterLink} to={paths.manageClass(group.id)}>
            {group.name}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {group.slug}
          </Typography>
        </>
      ),
    },
    {
      key: 'audience',
      header: t('manageClasses.list.audience'),
      render: (group) => t(`manageClasses.audiences.${group.audience}`),
    },
    {
      key: 'format',
      header: t('manageClasses.list.format'),
      render: (group) => t(`manageClasses.formats.${group.format}`),
    },
    {
      key: 'schedules',
      header: t('manageClasses.list.schedules'),
      align: 'right',
      render: (group) => group.klass_group_schedules.length,
    },
    {
      key: 'status',
      header: t('manageClasses.list.status'),
      render: (group) => (
        <Chip
          size="small"
          color={group.published ? 'success' : 'default'}
          label={t(group.published ? 'manageClasses.list.published' : 'manageClasses.list.draft')}
        />
      ),
    },
  ];

  return (
    <Box data-testid="manage-klass-groups">
      <AdminTable
        label={t('manageClasses.list.tableLabel')}
        columns={columns}
        rows={groups}
        rowKey={(group) => group.id}
        rowName={(group) => group.name}
        rowData={(group) => ({ 'data-testid': `klass-group-row-${group.id}` })}
        loading={!data || isFetching}
        loadError={isError ? t('manageClasses.list.loadFailed') : null}
        emptyText={t('manageClasses.list.empty')}
        noMatchText={t('manageClasses.list.noMatch')}
        search={{
          label: t('manageClasses.list.search'),
          onSearch: (term) => {
            setPage(FIRST_PAGE);
            setSearch(term);
          },
        }}
        create={{
          label: t('manageClasses.list.create'),
          onClick: () => setEditing({ mode: 'create' }),
        }}
        rowActions={(group) => (
          <Button
            size="small"
            onClick={() => togglePublished(group)}
            aria-label={t(
              group.published
                ? 'manageClasses.list.unpublishNamed'
                : 'manageClasses.list.publishNamed',
              { name: group.name },
            )}
          >
            {t(group.published ? 'manageClasses.list.unpublish' : 'manageClasses.list.publish')}
          </Button>
        )}
        onEdit={(group) => setEditing({ mode: 'edit', group })}
        onDelete={setDeleting}
        paging={{
          kind: 'more',
          shown: groups.length,
          total,
          onLoadMore: data && groups.length < total ? () => setPage(data.meta.page + 1) : null,
        }}
      />
      {editing && (
        <KlassGroupFormDialog
          open
          group={editing.mode === 'edit' ? editing.group : undefined}
          onClose={() => setEditing(null)}
          onSaved={(saved) => dispatch(klassGroupAnswered(saved))}
        />
      )}
      {deleting && <DeleteKlassGroupDialog group={deleting} onClose={() => setDeleting(null)} />}
    </Box>
  );
}

/** The programme's thumbnail, or an icon saying it has none. */
function thumbnail(noImage: string) {
  return (group: FlatKlassGroup) =>
    group.thumb_url ? (
      <Box
        component="img"
        src={group.thumb_url}
        alt=""
        sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1 }}
      />
    ) : (
      <ImageIcon color="disabled" titleAccess={noImage} sx={{ fontSize: 48 }} />
    );
}
