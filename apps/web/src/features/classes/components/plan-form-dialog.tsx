import type { FlatPlan } from '@atelier/contract';
import { UNIT_TYPES } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useFormErrors } from '../../../components/form/use-form-errors';
import { clientConfig } from '../../../lib/client-config';
import { currencySymbol } from '../../../lib/money';
import {
  emptyPlanForm,
  type PlanFormValues,
  planBody,
  planFormValues,
  validatePlanForm,
} from '../plan-form';
import { useCreatePlanMutation, useUpdatePlanMutation } from '../plans-api';

const KNOWN = ['name', 'base_price', 'unit_price', 'unit_type'];

/** Creates a plan, or edits one (prices typed in dollars, sent in cents). */
export function PlanFormDialog({
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
  const messages = useFormErrors({ fields: KNOWN });
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
    if (!messages.check(validatePlanForm(values))) return;
    await messages.submit(
      async () => {
        const saved = plan
          ? await updatePlan({ id: plan.id, fields: planBody(values) }).unwrap()
          : await createPlan(planBody(values)).unwrap();
        onSaved(t(plan ? 'managePlans.updated' : 'managePlans.created', { name: saved.name }));
        onClose();
      },
      { label: t('managePlans.saveFailed') },
    );
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
          <FormErrorAlert messages={messages.formMessages} />
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
