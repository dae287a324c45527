import { COUPON_DISCOUNT_TYPES, type FlatCoupon } from '@atelier/contract';
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
  type CouponFormValues,
  couponBody,
  couponFormValues,
  emptyCouponForm,
  validateCouponForm,
} from '../coupon-form';
import {
  type CouponScopeOption,
  useCouponProgrammeOptionsQuery,
  useCouponUserGroupOptionsQuery,
  useCreateCouponMutation,
  useUpdateCouponMutation,
} from '../coupons-api';

const KNOWN = Object.keys(emptyCouponForm);

/** The choices of a scope, with the coupon's own one kept even when the first page lacks it. */
function withCurrent(options: CouponScopeOption[] | undefined, current: CouponScopeOption | null) {
  const list = options ?? [];
  return current && !list.some((o) => o.id === current.id) ? [current, ...list] : list;
}

/** Creates a coupon, or edits one (fixed amounts typed in dollars, sent in cents). */
export function CouponFormDialog({
  coupon,
  timeZone,
  onClose,
  onSaved,
}: {
  coupon?: FlatCoupon;
  timeZone: string;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<CouponFormValues>(() =>
    coupon ? couponFormValues(coupon, timeZone) : emptyCouponForm,
  );
  const messages = useFormErrors({ fields: KNOWN });
  const [createCoupon, creating] = useCreateCouponMutation();
  const [updateCoupon, updating] = useUpdateCouponMutation();
  const groups = useCouponUserGroupOptionsQuery();
  const programmes = useCouponProgrammeOptionsQuery();
  const busy = creating.isLoading || updating.isLoading;
  const symbol = currencySymbol(clientConfig().currency, i18n.language);

  const field = (name: keyof CouponFormValues, hint?: string) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      messages.clear(name);
    },
    ...messages.helper(name, hint),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!messages.check(validateCouponForm(values))) return;
    await messages.submit(
      async () => {
        const fields = couponBody(values, timeZone);
        const saved = coupon
          ? await updateCoupon({ id: coupon.id, fields }).unwrap()
          : await createCoupon(fields).unwrap();
        onSaved(t(coupon ? 'coupons.updated' : 'coupons.created', { code: saved.code }));
        onClose();
      },
      { label: t('coupons.saveFailed') },
    );
  };

  const percent = values.discount_type === 'percent';
  const dateSlots = { inputLabel: { shrink: true } };
  const groupOptions = withCurrent(groups.data, coupon?.user_group ?? null);
  const programmeOptions = withCurrent(programmes.data, coupon?.klass_group ?? null);

  return (
    <AppDialog
      open
      title={t(coupon ? 'coupons.editTitle' : 'coupons.createTitle')}
      onClose={busy ? () => undefined : onClose}
      testId="coupon-dialog"
      maxWidth="md"
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="coupon-form" variant="contained" disabled={busy}>
            {t('coupons.save')}
          </Button>
        </>
      }
    >
      <Box component="form" id="coupon-form" noValidate onSubmit={submit}>
        <Stack spacing={1.5}>
          <FormErrorAlert messages={messages.formMessages} />
          <TextField
            {...field('code', t('coupons.codeHint'))}
            label={t('coupons.code')}
            required
            fullWidth
            autoFocus
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...field('discount_type')}
              select
              label={t('coupons.discountType')}
              required
              fullWidth
            >
              {COUPON_DISCOUNT_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`coupons.discountTypes.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              {...field('discount_amount')}
              label={t(percent ? 'coupons.percentOff' : 'coupons.amountOff')}
              required
              fullWidth
              slotProps={{
                htmlInput: { inputMode: percent ? 'numeric' : 'decimal' },
                input: percent
                  ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
                  : { startAdornment: <InputAdornment position="start">{symbol}</InputAdornment> },
              }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...field('valid_from', t('coupons.validFromHint'))}
              type="date"
              label={t('coupons.validFrom')}
              fullWidth
              slotProps={dateSlots}
            />
            <TextField
              {...field('valid_until', t('coupons.validUntilHint'))}
              type="date"
              label={t('coupons.validUntil')}
              fullWidth
              slotProps={dateSlots}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...field('max_redemptions', t('coupons.noLimit'))}
              label={t('coupons.maxRedemptions')}
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              {...field('max_redemptions_per_user', t('coupons.noLimit'))}
              label={t('coupons.maxRedemptionsPerUser')}
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField {...field('user_group_id')} select label={t('coupons.userGroup')} fullWidth>
              <MenuItem value="">{t('coupons.anyone')}</MenuItem>
              {groupOptions.map((group) => (
                <MenuItem key={group.id} value={group.id}>
                  {group.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField {...field('klass_group_id')} select label={t('coupons.programme')} fullWidth>
              <MenuItem value="">{t('coupons.anyProgramme')}</MenuItem>
              {programmeOptions.map((programme) => (
                <MenuItem key={programme.id} value={programme.id}>
                  {programme.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Stack>
      </Box>
    </AppDialog>
  );
}
