import {
  type Agreement,
  type GuestCustomer,
  type OrderPayment,
  WALK_IN_PAYMENT_METHODS,
  type WalkInPaymentMethod,
} from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { translateServerMessage } from '../../../components/form/server-messages';
import { useFormErrors } from '../../../components/form/use-form-errors';
import type { ApiError } from '../../../lib/api-client';
import { clientConfig } from '../../../lib/client-config';
import { formatCents } from '../../../lib/money';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { catalogueApi } from '../../booking';
import { PaymentForm } from '../../checkout';
import {
  useBookWalkInMutation,
  useGuestCustomerQuery,
  useWalkInPriceQuery,
} from '../customers-api';
import {
  isOnRecord,
  type PaperAgreements,
  PaperAgreementsFields,
  useAgreementsAskedAtTheDesk,
} from './paper-agreements-fields';

const FIELDS = [
  'klass_group_schedule_id',
  'plan_id',
  'addon_ids',
  'attendees',
  'payment_method',
  'coupon_code',
  'paper_agreements.signed_by',
];
/** An agreement the server still needs signed on paper: `paper_agreements.{id}` (per child too). */
const PAPER_NEEDED = /^paper_agreements\.(\d+)$/;

type Contact = { name: string; relation: string; phone: string };
const NO_CONTACT: Contact = { name: '', relation: '', phone: '' };
/** The key of the new attendee typed in the dialog among the chosen ones' ids. */
const NEW = 'new';

/** Typing a code asks for a price once the keys stop, not at every key. */
const COUPON_DEBOUNCE_MS = 400;

/** The server's reason a code does not apply (a 422 on `coupon_code`), if that is the error. */
function couponRefusalOf(error: unknown): string | null {
  if (!error || typeof error !== 'object' || !('fields' in error)) return null;
  return (error as ApiError).fields.coupon_code ?? null;
}

/**
 * Staff book one class for a walk-in (docs/product.md#customers): a schedule and plan, add-ons,
 * the walk-in's attendees (or a new one typed here), and how they pay. Cash or check is paid at
 * once; a card shows checkout's card form for the order the server made.
 */
export function WalkInBookingDialog({
  guest,
  onClose,
  onBooked,
}: {
  guest: GuestCustomer;
  onClose: () => void;
  onBooked: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const currency = clientConfig().currency;
  const catalogue = catalogueApi.useCatalogueQuery({});
  const detail = useGuestCustomerQuery(guest.id);
  const [book, { isLoading }] = useBookWalkInMutation();
  const messages = useFormErrors({
    fields: (name) => FIELDS.includes(name) || PAPER_NEEDED.test(name),
  });
  const asked = useAgreementsAskedAtTheDesk();
  const [paper, setPaper] = useState<PaperAgreements>({ signedBy: guest.name, agreementIds: [] });
  const [programmeId, setProgrammeId] = useState('');
  const [scheduleId, setScheduleId] = useState('');
  const [planId, setPlanId] = useState('');
  const [addonIds, setAddonIds] = useState<string[]>([]);
  const [attendeeIds, setAttendeeIds] = useState<string[]>([]);
  const [newName, setNewName] = useState('');
  const [newBirthday, setNewBirthday] = useState('');
  // Someone to call for each attendee whose card names nobody, and for the new one (the server
  // refuses a booking without, as checkout does: docs/product.md#the-childs-card).
  const [contacts, setContacts] = useState<Record<string, Contact>>({});
  const [contactMissing, setContactMissing] = useState<string[]>([]);
  const [method, setMethod] = useState<WalkInPaymentMethod>('cash');
  const [couponCode, setCouponCode] = useState('');
  const code = useDebouncedValue(couponCode.trim(), COUPON_DEBOUNCE_MS);
  const [card, setCard] = useState<{ payment: OrderPayment; total: number } | null>(null);
  // A refusal about the class as a whole (sold out, the walk-in joined an account) stays in view.
  const [refusal, setRefusal] = useState<string | null>(null);

  const programmes = catalogue.data ?? [];
  const programme = programmes.find((p) => p.id === programmeId);
  const schedule = programme?.klass_group_schedules.find((s) => s.id === scheduleId);
  const attendeeCount = attendeeIds.length + (newName.trim() ? 1 : 0);
  // The one price function the server books with, priced as the walk-in with their coupon (not
  // as the staff member signed in): the desk sees what to take before pressing Book.
  const ready = Boolean(scheduleId && planId && attendeeCount > 0);
  const priced = useWalkInPriceQuery(
    ready
      ? {
          id: guest.id,
          query: {
            klass_group_schedule_id: scheduleId,
            plan_id: planId,
            number_of_attendees: attendeeCount,
            ...(addonIds.length > 0 ? { addon_ids: addonIds.join(',') } : {}),
            ...(code ? { coupon_code: code } : {}),
          },
        }
      : skipToken,
  );
  const price = ready && !priced.isError ? priced.data : undefined;
  const refusedWith = ready && priced.isError ? couponRefusalOf(priced.error) : null;
  const couponRefusal = refusedWith ? translateServerMessage(refusedWith, t) : null;
  const couponHelper = messages.helper('coupon_code');
  const money = (cents: number) => formatCents(cents, currency, i18n.language);
  const toggle = (list: string[], id: string) =>
    list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
  const needingContact = [
    ...(detail.data?.attendees ?? [])
      .filter((a) => attendeeIds.includes(a.id) && !a.has_emergency_contact)
      .map((a) => ({ key: a.id, name: a.name })),
    ...(newName.trim() ? [{ key: NEW, name: newName.trim() }] : []),
  ];
  const contactOf = (key: string) => contacts[key] ?? NO_CONTACT;
  const contactGiven = (key: string) => {
    const c = contactOf(key);
    return Boolean(c.name.trim() && c.relation.trim() && c.phone.trim());
  };
  const contactFor = (key: string) =>
    needingContact.some((n) => n.key === key) ? { emergency_contact: contactOf(key) } : {};

  // What the walk-in signed before: for them, or for every attendee chosen (a new one has nothing).
  const records = detail.data?.agreements_on_record ?? [];
  const onRecord = (a: Agreement) =>
    a.per_child
      ? attendeeIds.length > 0 &&
        !newName.trim() &&
        attendeeIds.every((id) => isOnRecord(records, a.id, id))
      : isOnRecord(records, a.id, null);
  const ticked = paper.agreementIds.filter((id) => asked.some((a) => a.id === id && !onRecord(a)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const attendees = [
      ...attendeeIds.map((id) => ({ id, ...contactFor(id) })),
      ...(newName.trim()
        ? [{ name: newName.trim(), birthday: newBirthday || null, ...contactFor(NEW) }]
        : []),
    ];
    const failed: Record<string, 'common.required'> = {};
    if (!scheduleId) failed.klass_group_schedule_id = 'common.required';
    if (!planId) failed.plan_id = 'common.required';
    if (attendees.length === 0) failed.attendees = 'common.required';
    if (ticked.length > 0 && !paper.signedBy.trim()) {
      failed['paper_agreements.signed_by'] = 'common.required';
    }
    const missing = needingContact.filter((n) => !contactGiven(n.key)).map((n) => n.key);
    setContactMissing(missing);
    if (!messages.check(failed) || missing.length > 0) return;
    setRefusal(null);
    await messages.submit(
      async () => {
        const result = await book({
          id: guest.id,
          order: {
            klass_group_schedule_id: scheduleId,
            plan_id: planId,
            addon_ids: addonIds,
            attendees,
            payment_method: method,
            ...(couponCode.trim() ? { coupon_code: couponCode.trim() } : {}),
            ...(ticked.length > 0
              ? { paper_agreements: { signed_by: paper.signedBy.trim(), agreement_ids: ticked } }
              : {}),
          },
        }).unwrap();
        const { attributes } = result.data;
        if (attributes.status === 'pending' && attributes.payment) {
          setCard({ payment: attributes.payment, total: attributes.total });
          return;
        }
        onBooked(
          attributes.total > 0
            ? t('customers.bookedTake', {
                name: guest.name,
                amount: money(attributes.total),
                method: t(`customers.methods.${method}`),
              })
            : t('customers.booked', { name: guest.name }),
        );
        onClose();
      },
      {
        label: t('customers.bookFailed'),
        onFailure: (error) => {
          if (error.status !== 409) return false;
          setRefusal(error.detail ?? t('customers.bookFailed'));
          return true;
        },
        fieldOf: (name) => (name.startsWith('attendees') ? 'attendees' : name),
      },
    );
  };

  const helper = (name: string) => {
    const h = messages.helper(name);
    return h.error ? <FormHelperText error>{h.helperText}</FormHelperText> : null;
  };

  if (card) {
    return (
      <AppDialog
        open
        title={t('customers.cardTitle', { name: guest.name })}
        onClose={onClose}
        testId="walk-in-card"
      >
        <PaymentForm
          payment={card.payment}
          amount={formatCents(card.total, currency, i18n.language)}
          onSucceeded={() => {
            onBooked(t('customers.booked', { name: guest.name }));
            onClose();
          }}
        />
      </AppDialog>
    );
  }

  return (
    <AppDialog
      open
      title={t('customers.bookTitle', { name: guest.name })}
      onClose={isLoading ? () => undefined : onClose}
      testId="walk-in-booking"
      maxWidth="sm"
      actions={
        <>
          <Button onClick={onClose} disabled={isLoading}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="walk-in-form" variant="contained" disabled={isLoading}>
            {t('customers.bookSubmit')}
          </Button>
        </>
      }
    >
      <Box component="form" id="walk-in-form" noValidate onSubmit={submit}>
        <Stack spacing={1.5}>
          <FormErrorAlert messages={messages.formMessages} />
          {refusal && (
            <Alert severity="error" data-testid="walk-in-refusal">
              {refusal}
            </Alert>
          )}
          {catalogue.isError && <Alert severity="error">{t('customers.catalogueFailed')}</Alert>}
          <TextField
            select
            label={t('customers.programme')}
            value={programmeId}
            onChange={(e) => {
              setProgrammeId(e.target.value);
              setScheduleId('');
              setPlanId('');
              setAddonIds([]);
            }}
            fullWidth
          >
            {programmes.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('customers.schedule')}
            value={scheduleId}
            onChange={(e) => {
              setScheduleId(e.target.value);
              setPlanId('');
              setAddonIds([]);
              messages.clear('klass_group_schedule_id');
            }}
            disabled={!programme}
            required
            fullWidth
            {...messages.helper('klass_group_schedule_id')}
          >
            {(programme?.klass_group_schedules ?? []).map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {t('customers.scheduleOption', { name: s.name, seats: s.seats_left })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('customers.plan')}
            value={planId}
            onChange={(e) => {
              setPlanId(e.target.value);
              messages.clear('plan_id');
            }}
            disabled={!schedule}
            required
            fullWidth
            {...messages.helper('plan_id')}
          >
            {(schedule?.klass_group_schedule_plans ?? []).map(({ plan }) => (
              <MenuItem key={plan.id} value={plan.id}>
                {plan.name}
              </MenuItem>
            ))}
          </TextField>
          {schedule && schedule.klass_group_schedule_addons.length > 0 && (
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('customers.addons')}</FormLabel>
              <FormGroup>
                {schedule.klass_group_schedule_addons.map((a) => (
                  <FormControlLabel
                    key={a.id}
                    control={
                      <Checkbox
                        checked={addonIds.includes(a.id)}
                        onChange={() => setAddonIds((l) => toggle(l, a.id))}
                      />
                    }
                    label={`${a.name} (${formatCents(a.price, currency, i18n.language)})`}
                  />
                ))}
              </FormGroup>
              {helper('addon_ids')}
            </FormControl>
          )}
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('customers.attendees')}</FormLabel>
            <FormGroup>
              {(detail.data?.attendees ?? []).map((a) => (
                <FormControlLabel
                  key={a.id}
                  control={
                    <Checkbox
                      checked={attendeeIds.includes(a.id)}
                      onChange={() => {
                        setAttendeeIds((l) => toggle(l, a.id));
                        messages.clear('attendees');
                      }}
                    />
                  }
                  label={a.name}
                />
              ))}
            </FormGroup>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('customers.newAttendee')}
                value={newName}
                onChange={(e) => {
                  setNewName(e.target.value);
                  messages.clear('attendees');
                }}
                fullWidth
              />
              <TextField
                label={t('customers.birthday')}
                type="date"
                value={newBirthday}
                onChange={(e) => setNewBirthday(e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
            </Stack>
            {needingContact.map((n) => (
              <ContactFields
                key={n.key}
                person={n.name}
                value={contactOf(n.key)}
                missing={contactMissing.includes(n.key)}
                onChange={(contact) => {
                  setContacts((all) => ({ ...all, [n.key]: contact }));
                  setContactMissing((keys) => keys.filter((k) => k !== n.key));
                  messages.clear('attendees');
                }}
              />
            ))}
            {helper('attendees')}
          </FormControl>
          <PaperAgreementsFields
            agreements={asked}
            value={paper}
            onChange={(next) => {
              setPaper(next);
              messages.clear(
                'paper_agreements.signed_by',
                ...next.agreementIds.map((id) => `paper_agreements.${id}`),
              );
            }}
            needed={(id) => messages.message(`paper_agreements.${id}`) !== undefined}
            onRecord={onRecord}
            signedByHelper={messages.helper('paper_agreements.signed_by')}
          />
          <FormControl component="fieldset">
            <FormLabel component="legend" id="walk-in-method">
              {t('customers.paymentMethod')}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby="walk-in-method"
              value={method}
              onChange={(e) => setMethod(e.target.value as WalkInPaymentMethod)}
            >
              {WALK_IN_PAYMENT_METHODS.map((m) => (
                <FormControlLabel
                  key={m}
                  value={m}
                  control={<Radio />}
                  label={t(`customers.methods.${m}`)}
                />
              ))}
            </RadioGroup>
            {helper('payment_method')}
          </FormControl>
          <TextField
            label={t('customers.couponCode')}
            value={couponCode}
            onChange={(e) => {
              setCouponCode(e.target.value);
              messages.clear('coupon_code');
            }}
            error={couponHelper.error || Boolean(couponRefusal)}
            helperText={
              couponHelper.error
                ? couponHelper.helperText
                : (couponRefusal ??
                  (price?.coupon_code
                    ? t('customers.couponApplied', {
                        code: price.coupon_code,
                        amount: money(price.discount),
                      })
                    : undefined))
            }
            slotProps={{ htmlInput: { 'data-testid': 'walk-in-coupon' } }}
            fullWidth
          />
          <Typography aria-live="polite" data-testid="walk-in-price">
            {price
              ? t('customers.toTake', { amount: money(price.total) })
              : couponRefusal
                ? t('customers.toTakeCouponRefused')
                : t('customers.toTakeLater')}
          </Typography>
        </Stack>
      </Box>
    </AppDialog>
  );
}

/** Someone to call for one attendee: name, relation and a phone with its country code. */
function ContactFields({
  person,
  value,
  missing,
  onChange,
}: {
  person: string;
  value: Contact;
  missing: boolean;
  onChange: (contact: Contact) => void;
}) {
  const { t } = useTranslation();
  const field = (key: keyof Contact) => ({
    value: value[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ ...value, [key]: e.target.value }),
    error: missing && !value[key].trim(),
    required: true,
    size: 'small' as const,
    fullWidth: true,
  });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1.5 }} data-testid="walk-in-contact">
      <FormLabel component="legend">{t('customers.contactFor', { name: person })}</FormLabel>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
        <TextField {...field('name')} label={t('childCard.name')} />
        <TextField {...field('relation')} label={t('childCard.relation')} />
        <TextField {...field('phone')} label={t('childCard.phone')} type="tel" />
      </Stack>
      {missing && (
        <FormHelperText error>{t('childCard.checkoutNeeded', { name: person })}</FormHelperText>
      )}
    </Box>
  );
}
