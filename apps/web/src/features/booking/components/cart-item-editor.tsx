import type { CartItem } from '@atelier/contract';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { translateServerMessage } from '../../../components/form/server-messages';
import { PageTitle } from '../../../components/page-title';
import type { ApiError } from '../../../lib/api-client';
import { clientConfig } from '../../../lib/client-config';
import { formatCents } from '../../../lib/money';
import { paths } from '../../../lib/route-paths';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { cartOwnerOf, type TypedAttendee, useCart, useChangeCartItemMutation } from '../../cart';
import { familyIdOf, selectUser } from '../../session';
import { useCatalogueScheduleQuery } from '../catalogue-api';
import {
  AddonPicker,
  ageProblem,
  badBirthday,
  FamilyAttendeePicker,
  TypedAttendeesFields,
} from './booking-pickers';

function Editor({ item }: { item: CartItem }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const [changeCartItem] = useChangeCartItemMutation();
  const money = (cents: number) => formatCents(cents, clientConfig().currency, i18n.language);
  const schedule = useCatalogueScheduleQuery(item.klass_group_schedule.id);
  const programme = item.klass_group_schedule.klass_group;
  const startDate = item.klass_group_schedule.start_date ?? schedule.data?.start_date ?? '';
  const attendees = item.cart_item_attendee_profiles.map((a) => a.attendee_profile);
  const [familyIds, setFamilyIds] = useState(attendees.map((a) => a.id).filter(Boolean));
  const [people, setPeople] = useState<TypedAttendee[]>(
    attendees.length > 0
      ? attendees.map((a) => ({ name: a.name ?? '', birthday: a.birthday ?? '' }))
      : Array.from({ length: item.number_of_attendees }, () => ({ name: '', birthday: '' })),
  );
  const [addonIds, setAddonIds] = useState(
    item.cart_item_klass_group_schedule_addons.map((a) => a.klass_group_schedule_addon.id),
  );
  const [coupon, setCoupon] = useState(item.coupon_code ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const found: string[] = [];
    if (user && familyIds.length === 0) found.push(t('booking.chooseAttendees'));
    if (!user && people.some((p) => !p.name.trim() || !p.birthday)) {
      found.push(t('booking.nameEveryone'));
    } else if (!user && people.some((p) => badBirthday(p.birthday))) {
      found.push(t('booking.birthdayInvalid'));
    }
    if (!user && people.some((p) => ageProblem(programme, startDate, p.birthday || null))) {
      found.push(t('booking.outsideAgesShort'));
    }
    setErrors(found);
    if (found.length > 0) return;
    setSaving(true);
    const result = await changeCartItem({
      owner: cartOwnerOf(user),
      id: item.id,
      ...(user
        ? { attendeeProfileIds: familyIds }
        : { typedAttendees: people.map((p) => ({ ...p, name: p.name.trim() })) }),
      addonIds,
      couponCode: coupon.trim() || null,
    });
    setSaving(false);
    if ('error' in result) {
      const failure = result.error as ApiError | undefined;
      const fields = Object.values(failure?.fields ?? {});
      setErrors(
        fields.length > 0
          ? fields.map((text) => translateServerMessage(text, t))
          : [failure?.detail ?? t('cart.saveFailed')],
      );
      return;
    }
    dispatch(snackbarShown({ content: t('cart.saved'), type: 'success' }));
    navigate(paths.cart);
  };

  return (
    <Stack
      component="form"
      spacing={2}
      aria-label={t('cart.editTitle', { name: programme.name })}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {user ? (
        <FamilyAttendeePicker
          userId={familyIdOf(user)}
          ages={programme}
          startDate={startDate}
          selected={familyIds}
          onChange={setFamilyIds}
        />
      ) : (
        <TypedAttendeesFields
          ages={programme}
          startDate={startDate}
          maxAttendees={Math.max(
            people.length,
            Math.min(10, (schedule.data?.seats_left ?? 0) + item.number_of_attendees),
          )}
          people={people}
          onChange={setPeople}
        />
      )}
      <AddonPicker
        addons={schedule.data?.klass_group_schedule_addons ?? []}
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
      <Typography>{t('booking.price', { amount: money(item.total_price) })}</Typography>
      <FormErrorAlert messages={errors} testId="cart-item-errors" />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={saving}>
          {t('cart.save')}
        </Button>
        <Button component={RouterLink} to={paths.cart}>
          {t('cart.back')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** /cart/{id} (docs/product.md#booking-and-the-cart): changes a cart item's attendees, add-ons and coupon. */
export function CartItemEditor() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { items, status } = useCart();
  const item = items.find((candidate) => candidate.id === id);
  const title = item
    ? t('cart.editTitle', { name: item.klass_group_schedule.klass_group.name })
    : t('pages.cartItem');
  return (
    <>
      <PageTitle title={title} />
      {item ? (
        <Editor key={item.id} item={item} />
      ) : status !== 'loaded' ? (
        <CircularProgress aria-label={t('cart.loading')} />
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>{t('cart.notFound')}</Typography>
          <Button component={RouterLink} to={paths.cart}>
            {t('cart.back')}
          </Button>
        </Stack>
      )}
    </>
  );
}
