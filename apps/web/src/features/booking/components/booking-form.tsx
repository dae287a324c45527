import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { translateServerMessage } from '../../../components/form/server-messages';
import type { ApiError } from '../../../lib/api-client';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { cartApi, cartOwnerOf, type TypedAttendee, useAddToCartMutation } from '../../cart';
import { familyIdOf, selectUser } from '../../session';
import type { BookablePlan, BookableProgramme, BookableSchedule } from '../catalogue-api';
import {
  AddonPicker,
  ageProblem,
  badBirthday,
  FamilyAttendeePicker,
  TypedAttendeesFields,
} from './booking-pickers';

/** A plan's price in words: "$35.00 per class" or "$20.00 + $35.00 per class". */
export function usePlanPrice(money: (cents: number) => string) {
  const { t } = useTranslation();
  return (plan: BookablePlan) => {
    const unit = t(`booking.per.${plan.unit_type}`);
    return plan.base_price > 0
      ? t('booking.planPriceWithBase', {
          base: money(plan.base_price),
          price: money(plan.unit_price),
          unit,
        })
      : t('booking.planPrice', { price: money(plan.unit_price), unit });
  };
}

/**
 * Booking one schedule (docs/product.md#booking-and-the-cart): plan, attendees (family members when signed in,
 * typed names and birthdays for a guest), add-ons and a coupon, priced live by the server, then
 * added to the cart.
 */
export function BookingForm({
  programme,
  schedule,
  money,
  onDone,
}: {
  programme: BookableProgramme;
  schedule: BookableSchedule;
  money: (cents: number) => string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [addToCart] = useAddToCartMutation();
  const planPrice = usePlanPrice(money);
  const plans = schedule.klass_group_schedule_plans.map((link) => link.plan);
  const [planId, setPlanId] = useState(plans[0]?.id ?? '');
  const [familyIds, setFamilyIds] = useState<string[]>([]);
  const [people, setPeople] = useState<TypedAttendee[]>([{ name: '', birthday: '' }]);
  const [addonIds, setAddonIds] = useState<string[]>([]);
  const [coupon, setCoupon] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);

  const numberOfAttendees = user ? familyIds.length : people.length;
  const couponCode = coupon.trim() || null;
  const priced = cartApi.useGuestCartItemsPricedQuery(
    numberOfAttendees > 0 && planId
      ? [
          {
            klass_group_schedule_id: schedule.id,
            plan_id: planId,
            number_of_attendees: numberOfAttendees,
            coupon_code: couponCode,
            addon_ids: addonIds,
          },
        ]
      : skipToken,
  );
  const price = priced.data?.[0];
  // The answer for what the form holds now: while a new code is being priced, `data` is still the
  // last answer, which knew nothing of the code and must not be read as its refusal.
  const currentPrice = priced.currentData?.[0];

  const problems = (): string[] => {
    const out: string[] = [];
    if (numberOfAttendees === 0) out.push(t('booking.chooseAttendees'));
    if (!user) {
      if (people.some((p) => !p.name.trim() || !p.birthday)) out.push(t('booking.nameEveryone'));
      else if (people.some((p) => badBirthday(p.birthday))) out.push(t('booking.birthdayInvalid'));
      if (people.some((p) => ageProblem(programme, schedule.start_date, p.birthday || null))) {
        out.push(t('booking.outsideAgesShort'));
      }
    }
    if (numberOfAttendees > schedule.seats_left) out.push(t('booking.tooFewSeats'));
    return out;
  };

  const add = async () => {
    const found = problems();
    setErrors(found);
    if (found.length > 0) return;
    setAdding(true);
    const result = await addToCart({
      owner: cartOwnerOf(user),
      scheduleId: schedule.id,
      planId,
      numberOfAttendees,
      attendeeProfileIds: user ? familyIds : [],
      typedAttendees: user ? [] : people.map((p) => ({ ...p, name: p.name.trim() })),
      addonIds,
      couponCode,
    });
    setAdding(false);
    if ('error' in result) {
      const failure = result.error as ApiError | undefined;
      const fields = Object.values(failure?.fields ?? {});
      setErrors(
        fields.length > 0
          ? fields.map((text) => translateServerMessage(text, t))
          : [failure?.detail ?? t('booking.addFailed')],
      );
      return;
    }
    dispatch(
      snackbarShown({ content: t('booking.added', { name: programme.name }), type: 'success' }),
    );
    onDone();
  };

  return (
    <Stack
      component="form"
      spacing={2}
      aria-label={t('booking.formLabel', { name: schedule.name })}
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
      sx={{ mt: 2 }}
    >
      <FormControl>
        <FormLabel id={`plan-${schedule.id}`}>{t('booking.plan')}</FormLabel>
        <RadioGroup
          aria-labelledby={`plan-${schedule.id}`}
          value={planId}
          onChange={(event) => setPlanId(event.target.value)}
        >
          {plans.map((plan) => (
            <FormControlLabel
              key={plan.id}
              value={plan.id}
              control={<Radio />}
              label={`${plan.name}: ${planPrice(plan)}`}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {user ? (
        <FamilyAttendeePicker
          userId={familyIdOf(user)}
          ages={programme}
          startDate={schedule.start_date}
          selected={familyIds}
          onChange={setFamilyIds}
        />
      ) : (
        <TypedAttendeesFields
          ages={programme}
          startDate={schedule.start_date}
          maxAttendees={Math.min(schedule.seats_left, 10)}
          people={people}
          onChange={setPeople}
        />
      )}
      <AddonPicker
        addons={schedule.klass_group_schedule_addons}
        selected={addonIds}
        onChange={setAddonIds}
        money={money}
      />
      <TextField
        label={t('booking.coupon')}
        value={coupon}
        onChange={(event) => setCoupon(event.target.value)}
        size="small"
        sx={{ maxWidth: 260 }}
      />
      <Typography aria-live="polite" data-testid="booking-price">
        {price
          ? t('booking.price', { amount: money(price.total_price) })
          : numberOfAttendees > 0
            ? t('booking.pricing')
            : ''}
      </Typography>
      {currentPrice && couponCode && !currentPrice.coupon && (
        <Alert severity="info">{t('booking.couponNotApplied', { code: couponCode })}</Alert>
      )}
      <FormErrorAlert messages={errors} testId="booking-errors" />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={adding}>
          {t('booking.addToCart')}
        </Button>
        <Button onClick={onDone}>{t('booking.cancel')}</Button>
      </Stack>
    </Stack>
  );
}
