import type { FlatPlan } from '@atelier/contract';
import { PAGE_SIZE, UNIT_TYPES } from '@atelier/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientConfig } from '../../../app/client-config';
import { useAppDispatch } from '../../../app/hooks';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { fieldErrors, handleError, toApiError } from '../../../lib/api-client';
import { currencySymbol, formatCents } from '../../../lib/money';
import { snackbarShown } from '../../ui/ui-slice';
import {
  useCreatePlanMutation,
  useDeletePlanMutation,
  usePlansQuery,
  useUpdatePlanMutation,
} from '../classes-api';
import { useFieldMessages } from '../field-messages';
import {
  emptyPlanForm,
  type PlanFormValues,
  planBody,
  planFormValues,
  validatePlanForm,
} from '../plan-form';

const SEARCH_DELAY_MS = 300;

type Editing = { mode: 'create' } | { mode: 'edit'; plan: FlatPlan } | null;

/** /manage_plans: the plans, searchable and paged, with create, edit and delete. */
export function ManagePlans() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const currency = clientConfig().currency;
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FlatPlan | null>(null);
  const { data, isError, isFetching } = usePlansQuery({ page, search });

  useEffect(() => {
    if (keyword.trim() === search) return;
    const timer = setTimeout(() => {
      setPage(1);
      setSearch(keyword.trim());
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [keyword, search]);

  const plans = data?.items ?? [];
  const pages = data
    ? Math.max(1, Math.ceil(data.meta.total / (data.meta.per_page || PAGE_SIZE)))
    : 1;
  const money = (cents: number) => formatCents(cents, currency, i18n.language);

  return (
    <Box data-testid="manage-plans">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' } }}
      >
        <TextField
          type="search"
          label={t('managePlans.search')}
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
          {t('managePlans.create')}
        </Button>
      </Stack>
      {isError && <Alert severity="error">{t('managePlans.loadFailed')}</Alert>}
      <TableContainer>
        <Table size="small" aria-label={t('managePlans.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('managePlans.name')}</TableCell>
              <TableCell align="right">{t('managePlans.basePrice')}</TableCell>
              <TableCell align="right">{t('managePlans.unitPrice')}</TableCell>
              <TableCell>{t('managePlans.unitType')}</TableCell>
              <TableCell align="right">{t('managePlans.schedules')}</TableCell>
              <TableCell align="right">{t('managePlans.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {plans.map((plan) => (
              <TableRow key={plan.id} data-testid={`plan-row-${plan.id}`}>
                <TableCell>{plan.name}</TableCell>
                <TableCell align="right">{money(plan.base_price)}</TableCell>
                <TableCell align="right">{money(plan.unit_price)}</TableCell>
                <TableCell>{t(`managePlans.unitTypeNames.${plan.unit_type}`)}</TableCell>
                <TableCell align="right">{plan.schedules_count}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton
                    aria-label={t('managePlans.edit', { name: plan.name })}
                    onClick={() => setEditing({ mode: 'edit', plan })}
                  >
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('managePlans.delete', { name: plan.name })}
                    onClick={() => setDeleting(plan)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {data && plans.length === 0 && !isFetching && (
        <Typography sx={{ my: 3 }}>
          {search ? t('managePlans.noMatch') : t('managePlans.empty')}
        </Typography>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, next) => setPage(next)}
          sx={{ mt: 2 }}
          getItemAriaLabel={(type, item) =>
            type === 'page'
              ? t('managePlans.pageLabel', { page: item ?? '' })
              : t(type === 'next' ? 'managePlans.nextPage' : 'managePlans.previousPage')
          }
        />
      )}
      {editing && (
        <PlanDialog
          plan={editing.mode === 'edit' ? editing.plan : undefined}
          onClose={() => setEditing(null)}
          onSaved={(message) => dispatch(snackbarShown({ content: message, type: 'success' }))}
        />
      )}
      {deleting && <DeletePlanDialog plan={deleting} onClose={() => setDeleting(null)} />}
    </Box>
  );
}

const KNOWN = ['name', 'base_price', 'unit_price', 'unit_type'];

function PlanDialog({
  plan,
  onClose,
  onSaved,
}: {
  plan?: FlatPlan;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<PlanFormValues>(() =>
    plan ? planFormValues(plan) : emptyPlanForm,
  );
  const [formError, setFormError] = useState<string | null>(null);
  const messages = useFieldMessages();
  const [createPlan, creating] = useCreatePlanMutation();
  const [updatePlan, updating] = useUpdatePlanMutation();
  const busy = creating.isLoading || updating.isLoading;
  const symbol = currencySymbol(clientConfig().currency, i18n.language);

  const field = (name: keyof PlanFormValues) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      messages.clear(name);
    },
    ...messages.helper(name),
  });
  const moneyInput = {
    htmlInput: { inputMode: 'decimal' as const },
    input: { startAdornment: <InputAdornment position="start">{symbol}</InputAdornment> },
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const errors = validatePlanForm(values);
    if (Object.keys(errors).length > 0) {
      messages.showClientErrors(errors);
      return;
    }
    messages.reset();
    try {
      const saved = plan
        ? await updatePlan({ id: plan.id, fields: planBody(values) }).unwrap()
        : await createPlan(planBody(values)).unwrap();
      onSaved(t(plan ? 'managePlans.updated' : 'managePlans.created', { name: saved.name }));
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length === 0) {
        handleError(error, t('managePlans.saveFailed'));
        return;
      }
      messages.showServerErrors(fields);
      const elsewhere = Object.entries(fields).filter(([n]) => !KNOWN.includes(n));
      setFormError(elsewhere.length > 0 ? elsewhere.map(([, m]) => m).join(' ') : null);
    }
  };

  return (
    <AppDialog
      open
      title={t(plan ? 'managePlans.editTitle' : 'managePlans.createTitle')}
      onClose={busy ? () => undefined : onClose}
      testId="plan-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="plan-form" variant="contained" disabled={busy}>
            {t('managePlans.save')}
          </Button>
        </>
      }
    >
      <Box component="form" id="plan-form" noValidate onSubmit={submit}>
        <Stack spacing={1.5}>
          {formError && <Alert severity="error">{formError}</Alert>}
          {plan && plan.schedules_count > 0 && (
            <Alert severity="info">
              {t('managePlans.changeAffects', { count: plan.schedules_count })}
            </Alert>
          )}
          <TextField
            {...field('name')}
            label={t('managePlans.name')}
            required
            fullWidth
            autoFocus
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...field('base_price')}
              label={t('managePlans.basePrice')}
              required
              fullWidth
              slotProps={moneyInput}
              {...messages.helper('base_price', t('managePlans.basePriceHint'))}
            />
            <TextField
              {...field('unit_price')}
              label={t('managePlans.unitPrice')}
              required
              fullWidth
              slotProps={moneyInput}
            />
            <TextField
              {...field('unit_type')}
              select
              label={t('managePlans.unitType')}
              required
              fullWidth
            >
              {UNIT_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`managePlans.unitTypeNames.${type}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Stack>
      </Box>
    </AppDialog>
  );
}

/** Asks before deleting; a plan a schedule offers is refused (409) and the dialog says why. */
function DeletePlanDialog({ plan, onClose }: { plan: FlatPlan; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [refused, setRefused] = useState(false);
  const [deletePlan, deleting] = useDeletePlanMutation();

  const confirm = async () => {
    try {
      await deletePlan(plan.id).unwrap();
    } catch (error) {
      if (toApiError(error).status === 409) setRefused(true);
      else handleError(error, t('managePlans.deleteFailed'));
      return;
    }
    dispatch(
      snackbarShown({ content: t('managePlans.deleted', { name: plan.name }), type: 'success' }),
    );
    onClose();
  };

  return (
    <AppDialog
      open
      title={t('managePlans.deleteTitle', { name: plan.name })}
      onClose={onClose}
      testId="delete-plan-dialog"
      actions={
        refused ? (
          <Button onClick={onClose}>{t('common.close')}</Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button
              variant="contained"
              color="error"
              onClick={confirm}
              disabled={deleting.isLoading}
            >
              {t('managePlans.deleteConfirm')}
            </Button>
          </>
        )
      }
    >
      {refused ? (
        <Alert severity="warning" role="alert">
          {t('managePlans.inUse', { count: Math.max(1, plan.schedules_count) })}
        </Alert>
      ) : (
        <Typography>{t('managePlans.deleteQuestion')}</Typography>
      )}
    </AppDialog>
  );
}
