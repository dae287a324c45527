import type { FlatKlassGroup } from '@atelier/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ImageIcon from '@mui/icons-material/Image';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/route-paths';
import { handleError } from '../../../lib/api-client';
import { snackbarShown } from '../../ui/ui-slice';
import { useKlassGroupsQuery, useUpdateKlassGroupMutation } from '../classes-api';
import {
  klassGroupEdited,
  klassGroupListCleared,
  klassGroupListSet,
  klassGroupPageIncremented,
  klassGroupsAdded,
  selectKlassGroupLists,
  selectKlassGroupPage,
} from '../klasses-slice';
import { DeleteKlassGroupDialog } from './delete-klass-group-dialog';
import { KlassGroupFormDialog } from './klass-group-form-dialog';

const SEARCH_DELAY_MS = 300;

type Editing = { mode: 'create' } | { mode: 'edit'; group: FlatKlassGroup } | null;

/**
 * /manage_classes: the programmes, a page at a time (docs/product.md#data-the-client-sees and #client-state `klassGroupLists` and
 * `klassGroupPage`: page 1 replaces the list, later pages are merged in by id, a new search clears
 * it), with search, create, edit, publish and delete.
 */
export function ManageKlassGroups() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const page = useAppSelector(selectKlassGroupPage);
  // The slice keeps what the list endpoint returned; its items are these flattened programmes.
  const groups = useAppSelector(selectKlassGroupLists) as FlatKlassGroup[];
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  // A visit starts from page 1 whatever an earlier visit left in the store.
  const [started, setStarted] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FlatKlassGroup | null>(null);
  const [updateKlassGroup] = useUpdateKlassGroupMutation();

  useEffect(() => {
    dispatch(klassGroupListCleared());
    setStarted(true);
  }, [dispatch]);

  const { data, isFetching, isError } = useKlassGroupsQuery({ page, search }, { skip: !started });

  useEffect(() => {
    if (!data) return;
    if (data.meta.page === 1) dispatch(klassGroupListSet(data.items));
    else dispatch(klassGroupsAdded(data.items));
  }, [data, dispatch]);

  useEffect(() => {
    if (keyword.trim() === search) return;
    const timer = setTimeout(() => {
      dispatch(klassGroupListCleared());
      setSearch(keyword.trim());
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [keyword, search, dispatch]);

  const total = data?.meta.total ?? 0;
  const canLoadMore = data !== undefined && groups.length < total && !isFetching;

  const togglePublished = async (group: FlatKlassGroup) => {
    try {
      const updated = await updateKlassGroup({
        id: group.id,
        fields: { published: !group.published },
      }).unwrap();
      dispatch(klassGroupEdited(updated));
      dispatch(
        snackbarShown({
          content: t(
            updated.published
              ? 'manageClasses.publish.published'
              : 'manageClasses.publish.unpublished',
            { name: updated.name },
          ),
          type: 'success',
        }),
      );
    } catch (error) {
      handleError(error, t('manageClasses.publish.failed'));
    }
  };

  const onSaved = (saved: FlatKlassGroup) => {
    // A new programme shows at once; the refetched page then puts the list in the server's order.
    if (editing?.mode === 'edit') dispatch(klassGroupEdited(saved));
    else dispatch(klassGroupsAdded([saved]));
  };

  return (
    <Box data-testid="manage-klass-groups">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' } }}
      >
        <TextField
          type="search"
          label={t('manageClasses.list.search')}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          size="small"
          sx={{ minWidth: 280 }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing({ mode: 'create' })}
        >
          {t('manageClasses.list.create')}
        </Button>
      </Stack>

      {isError && <Alert severity="error">{t('manageClasses.list.loadFailed')}</Alert>}

      <TableContainer>
        <Table size="small" aria-label={t('manageClasses.list.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('manageClasses.list.image')}</TableCell>
              <TableCell>{t('manageClasses.list.name')}</TableCell>
              <TableCell>{t('manageClasses.list.audience')}</TableCell>
              <TableCell>{t('manageClasses.list.format')}</TableCell>
              <TableCell align="right">{t('manageClasses.list.schedules')}</TableCell>
              <TableCell>{t('manageClasses.list.status')}</TableCell>
              <TableCell align="right">{t('manageClasses.list.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {groups.map((group) => (
              <TableRow key={group.id} data-testid={`klass-group-row-${group.id}`}>
                <TableCell>
                  {group.thumb_url ? (
                    <Box
                      component="img"
                      src={group.thumb_url}
                      alt=""
                      sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1 }}
                    />
                  ) : (
                    <ImageIcon
                      color="disabled"
                      titleAccess={t('manageClasses.list.noImage')}
                      sx={{ fontSize: 48 }}
                    />
                  )}
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={paths.manageClass(group.id)}>
                    {group.name}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {group.slug}
                  </Typography>
                </TableCell>
                <TableCell>{t(`manageClasses.audiences.${group.audience}`)}</TableCell>
                <TableCell>{t(`manageClasses.formats.${group.format}`)}</TableCell>
                <TableCell align="right">{group.klass_group_schedules.length}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={group.published ? 'success' : 'default'}
                    label={t(
                      group.published ? 'manageClasses.list.published' : 'manageClasses.list.draft',
                    )}
                  />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => togglePublished(group)}>
                    {t(
                      group.published
                        ? 'manageClasses.list.unpublish'
                        : 'manageClasses.list.publish',
                    )}
                    <Box component="span" sx={visuallyHidden}>
                      {` ${group.name}`}
                    </Box>
                  </Button>
                  <IconButton
                    aria-label={t('manageClasses.list.edit', { name: group.name })}
                    onClick={() => setEditing({ mode: 'edit', group })}
                  >
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('manageClasses.list.delete', { name: group.name })}
                    onClick={() => setDeleting(group)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>

      {data && groups.length === 0 && !isFetching && (
        <Typography sx={{ my: 3 }}>
          {search ? t('manageClasses.list.noMatch') : t('manageClasses.list.empty')}
        </Typography>
      )}
      <Box role="status" sx={{ my: 2 }}>
        {data && groups.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('manageClasses.list.shown', { shown: groups.length, total })}
          </Typography>
        )}
      </Box>
      {canLoadMore && (
        <Button variant="outlined" onClick={() => dispatch(klassGroupPageIncremented())}>
          {t('manageClasses.list.loadMore')}
        </Button>
      )}

      {editing && (
        <KlassGroupFormDialog
          open
          group={editing.mode === 'edit' ? editing.group : undefined}
          onClose={() => setEditing(null)}
          onSaved={onSaved}
        />
      )}
      {deleting && <DeleteKlassGroupDialog group={deleting} onClose={() => setDeleting(null)} />}
    </Box>
  );
}

/** Text for screen readers only (names the programme a row's button acts on). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
