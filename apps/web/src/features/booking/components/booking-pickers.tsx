import { DATE_PICKER_MIN } from '@atelier/contract';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/route-paths';
import type { TypedAttendee } from '../../cart';
import { familyApi } from '../../family';
import { ageOn, fitsAges } from '../booking-filters';

// The parts of a booking shared by /book_class and /cart/{id}: who attends and which add-ons.

type Ages = { min_age: number | null; max_age: number | null };

/** A message when an attendee born on `birthday` is outside the ages at the class's start. */
export function ageProblem(ages: Ages, startDate: string, birthday: string | null): boolean {
  return Boolean(birthday) && !fitsAges(ages, ageOn(birthday ?? '', startDate));
}

/** A typed birthday the server would refuse: not a date, before 1900, or after today. */
export function badBirthday(birthday: string, today = new Date().toISOString().slice(0, 10)) {
  return (
    !/^\d{4}-\d{2}-\d{2}$/.test(birthday) ||
    Number.isNaN(Date.parse(birthday)) ||
    birthday < DATE_PICKER_MIN ||
    birthday > today
  );
}

/** A signed-in user's family members to choose from; one outside the ages cannot be chosen. */
export function FamilyAttendeePicker({
  userId,
  ages,
  startDate,
  selected,
  onChange,
}: {
  userId: string;
  ages: Ages;
  startDate: string;
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const { data, isLoading } = familyApi.useFamilyMembersQuery({ userId, page: 1 });
  const members = data?.members ?? [];
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((chosen) => chosen !== id));
  return (
    <FormControl component="fieldset" variant="standard">
      <FormLabel component="legend">{t('booking.whoAttends')}</FormLabel>
      {isLoading && <Typography variant="body2">{t('booking.loadingFamily')}</Typography>}
      <FormGroup>
        {members.map((member) => {
          const outside = ageProblem(ages, startDate, member.birthday);
          return (
            <FormControlLabel
              key={member.id}
              control={
                <Checkbox
                  checked={selected.includes(member.id)}
                  disabled={outside && !selected.includes(member.id)}
                  onChange={(event) => toggle(member.id, event.target.checked)}
                />
              }
              label={
                outside ? t('booking.outsideAges', { name: member.name }) : (member.name ?? '')
              }
            />
          );
        })}
      </FormGroup>
      {!isLoading && (
        <FormHelperText>
          {members.length === 0 ? t('booking.noFamily') : t('booking.familyHint')}{' '}
          <Link component={RouterLink} to={paths.accountSettings}>
            {t('booking.manageFamily')}
          </Link>
        </FormHelperText>
      )}
    </FormControl>
  );
}

/** A guest's attendees: how many, and each one's name and birthday. */
export function TypedAttendeesFields({
  ages,
  startDate,
  maxAttendees,
  people,
  onChange,
}: {
  ages: Ages;
  startDate: string;
  maxAttendees: number;
  people: TypedAttendee[];
  onChange: (people: TypedAttendee[]) => void;
}) {
  const { t } = useTranslation();
  const count = people.length;
  const setCount = (n: number) =>
    onChange(Array.from({ length: n }, (_, index) => people[index] ?? { name: '', birthday: '' }));
  const setPerson = (index: number, change: Partial<TypedAttendee>) =>
    onChange(people.map((p, i) => (i === index ? { ...p, ...change } : p)));
  return (
    <Stack spacing={1.5}>
      <TextField
        select
        label={t('booking.numberOfAttendees')}
        value={String(count)}
        onChange={(event) => setCount(Number(event.target.value))}
        sx={{ maxWidth: 220 }}
      >
        {Array.from({ length: Math.max(1, maxAttendees) }, (_, index) => String(index + 1)).map(
          (n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ),
        )}
      </TextField>
      {people.map((person, index) => {
        const n = index + 1;
        const outside = ageProblem(ages, startDate, person.birthday || null);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: attendees are positions, typed in place.
          <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              label={t('booking.attendeeName', { n })}
              value={person.name}
              onChange={(event) => setPerson(index, { name: event.target.value })}
              required
              size="small"
            />
            <TextField
              label={t('booking.attendeeBirthday', { n })}
              type="date"
              value={person.birthday}
              onChange={(event) => setPerson(index, { birthday: event.target.value })}
              required
              size="small"
              slotProps={{ inputLabel: { shrink: true } }}
              error={outside}
              helperText={outside ? t('booking.outsideAgesShort') : undefined}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}

/** The add-ons a schedule offers, each charged per attendee. */
export function AddonPicker({
  addons,
  selected,
  onChange,
  money,
}: {
  addons: { id: string; name: string; price: number }[];
  selected: string[];
  onChange: (ids: string[]) => void;
  money: (cents: number) => string;
}) {
  const { t } = useTranslation();
  if (addons.length === 0) return null;
  return (
    <FormControl component="fieldset" variant="standard">
      <FormLabel component="legend">{t('booking.addons')}</FormLabel>
      <FormGroup>
        {addons.map((addon) => (
          <FormControlLabel
            key={addon.id}
            control={
              <Checkbox
                checked={selected.includes(addon.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...selected, addon.id]
                      : selected.filter((id) => id !== addon.id),
                  )
                }
              />
            }
            label={t('booking.addonPrice', { name: addon.name, price: money(addon.price) })}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
