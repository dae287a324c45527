import { passResource } from '@atelier/contract';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceAdminPage } from '../../../components/admin/resource-admin-page';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { handleError } from '../../../lib/api-client';
import { resourceHooks } from '../../../lib/resource-api';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { classesApi } from '../../classes';

const passHooks = /* @__PURE__ */ resourceHooks(passResource);

type PassRow = {
  id: string;
  name: string;
  visits: number;
  price: number;
  validity_days: number;
  klass_group_ids: number[];
  translations: { ja?: { name?: string } };
};

/**
 * /manage_passes (docs/product.md#class-passes-and-drop-ins): the kit's list and form of passes,
 * and a row's "Programmes" dialog choosing the programmes whose classes the pass books (a choice
 * the kit's form has no field for).
 */
export function ManagePasses() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<PassRow | null>(null);
  return (
    <ResourceAdminPage
      resource={passResource}
      page="managePasses"
      extraColumns={[
        {
          key: 'programmes',
          header: t('managePasses.programmes'),
          render: (row) => String((row as unknown as PassRow).klass_group_ids.length),
        },
      ]}
      rowActions={(row) => (
        <Button
          size="small"
          onClick={() => setEditing(row as unknown as PassRow)}
          aria-label={t('managePasses.programmesLabel', { name: (row as unknown as PassRow).name })}
        >
          {t('managePasses.programmes')}
        </Button>
      )}
    >
      {editing && <ProgrammesDialog pass={editing} onClose={() => setEditing(null)} />}
    </ResourceAdminPage>
  );
}

function ProgrammesDialog({ pass, onClose }: { pass: PassRow; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  // Every programme can be chosen, not only the first page: "Load more" merges the next page in
  // (the list endpoint's one cache entry, docs/product.md#client-state); opening starts at page 1.
  const [page, setPage] = useState(1);
  const { data, isFetching } = classesApi.endpoints.klassGroups.useQuery(
    { page },
    { refetchOnMountOrArgChange: true },
  );
  const groups = data?.items ?? [];
  const total = data?.meta.total ?? 0;
  const [chosen, setChosen] = useState(new Set(pass.klass_group_ids.map(String)));
  const [update, { isLoading }] = passHooks.useUpdateMutation();
  const toggle = (id: string) =>
    setChosen((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  async function save() {
    try {
      // A PUT replaces the pass: every field goes as it is, with the programmes chosen.
      await update({
        id: pass.id,
        fields: {
          name: pass.name,
          visits: pass.visits,
          price: pass.price,
          validity_days: pass.validity_days,
          klass_group_ids: [...chosen],
          translations: pass.translations,
        },
      }).unwrap();
      dispatch(snackbarShown({ content: t('managePasses.programmesSaved'), type: 'success' }));
      onClose();
    } catch (error) {
      handleError(error, t('managePasses.programmesFailed'));
    }
  }
  return (
    <AppDialog
      open
      title={t('managePasses.programmesTitle', { name: pass.name })}
      onClose={onClose}
      testId="pass-programmes-dialog"
      actions={
        <Button variant="contained" disabled={isLoading} onClick={() => void save()}>
          {t('managePasses.save')}
        </Button>
      }
    >
      <FormGroup>
        {groups.map((group) => (
          <FormControlLabel
            key={group.id}
            control={<Checkbox checked={chosen.has(group.id)} onChange={() => toggle(group.id)} />}
            label={group.name}
          />
        ))}
      </FormGroup>
      {data && groups.length < total && (
        <Button disabled={isFetching} onClick={() => setPage(data.meta.page + 1)}>
          {t('admin.table.loadMore')}
        </Button>
      )}
    </AppDialog>
  );
}
