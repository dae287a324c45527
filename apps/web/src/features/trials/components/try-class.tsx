import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { ChoiceSelect } from '../../../components/form/choice-select';
import { handleError } from '../../../lib/api-client';
import { formatInstantRange } from '../../../lib/format-date';
import { paths } from '../../../lib/route-paths';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { familyApi } from '../../family';
import { familyIdOf, selectUser } from '../../session';
import { useBookTrialMutation, useTrialOptionsQuery } from '../trials-api';

/** What "Try a class" needs of a programme. */
export type TriableProgramme = { id: string; name: string; trial_price: number | null };

/** `?trial=1` on /book_class?klass_group={slug} opens the dialog (the public class page links there). */
export const TRIAL_PARAM = 'trial';

/**
 * "Try a class" on a programme that offers a trial (docs/product.md#trial-classes): a family picks
 * a child and one upcoming class with a free seat; a guest is asked to sign in first.
 */
export function TryClass({
  programme,
  money,
  zone,
}: {
  programme: TriableProgramme;
  money: (cents: number) => string;
  zone: string;
}) {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  const location = useLocation();
  const [search] = useSearchParams();
  const [open, setOpen] = useState(search.get(TRIAL_PARAM) === '1');
  if (programme.trial_price === null) return null;
  const price = programme.trial_price === 0 ? t('trials.free') : money(programme.trial_price);
  if (!user) {
    const here = `${location.pathname}${location.search}`;
    return (
      <Typography variant="body2" sx={{ my: 1 }} data-testid="trial-sign-in">
        <Link component={RouterLink} to={`${paths.login}?redirect=${encodeURIComponent(here)}`}>
          {t('trials.signInToTry', { price })}
        </Link>
      </Typography>
    );
  }
  if (user.role !== 'student') return null;
  return (
    <>
      <Button
        variant="outlined"
        sx={{ my: 1 }}
        onClick={() => setOpen(true)}
        aria-label={t('trials.tryLabel', { name: programme.name, price })}
      >
        {t('trials.try', { price })}
      </Button>
      {open && (
        <TryClassDialog
          programme={programme}
          familyId={familyIdOf(user)}
          zone={zone}
          money={money}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function TryClassDialog({
  programme,
  familyId,
  zone,
  money,
  onClose,
}: {
  programme: TriableProgramme;
  familyId: string;
  zone: string;
  money: (cents: number) => string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const options = useTrialOptionsQuery(programme.id);
  const family = familyApi.useFamilyMembersQuery({ userId: familyId, page: 1 });
  const [childId, setChildId] = useState('');
  const [klassId, setKlassId] = useState('');
  const [book, { isLoading: saving }] = useBookTrialMutation();
  const [added, setAdded] = useState(false);
  const classes = options.data?.data ?? [];
  const members = family.data?.members ?? [];
  const paid = (programme.trial_price ?? 0) > 0;

  async function submit() {
    try {
      const { carted } = await book({ klassId, attendeeProfileId: childId }).unwrap();
      // A paid trial is in the cart now: the dialog says so and offers the cart.
      if (carted) {
        setAdded(true);
        return;
      }
      dispatch(snackbarShown({ content: t('trials.booked'), type: 'success' }));
      onClose();
    } catch (error) {
      handleError(error, t('trials.bookFailed'));
    }
  }

  if (added) {
    return (
      <AppDialog
        open
        title={t('trials.title', { name: programme.name })}
        onClose={onClose}
        testId="try-class-dialog"
        actions={
          <Button variant="contained" component={RouterLink} to={paths.cart}>
            {t('trials.goToCart')}
          </Button>
        }
      >
        <Typography role="status" data-testid="trial-added">
          {t('trials.added')}
        </Typography>
      </AppDialog>
    );
  }

  return (
    <AppDialog
      open
      title={t('trials.title', { name: programme.name })}
      onClose={onClose}
      testId="try-class-dialog"
      actions={
        <Button
          variant="contained"
          disabled={!klassId || !childId || saving}
          onClick={() => void submit()}
        >
          {paid ? t('trials.addToCart') : t('trials.confirm')}
        </Button>
      }
    >
      <Typography>{t('trials.explain')}</Typography>
      {paid && (
        <Typography sx={{ mt: 1 }}>
          {t('trials.paidExplain', { price: money(programme.trial_price ?? 0) })}
        </Typography>
      )}
      <ChoiceSelect
        label={t('trials.child')}
        value={childId}
        onChange={setChildId}
        choices={members.map((m) => ({ value: m.id, label: m.name }))}
        empty={
          family.isLoading ? undefined : (
            <>
              {t('trials.noFamily')}{' '}
              <Link component={RouterLink} to={paths.accountSettings}>
                {t('trials.addFamily')}
              </Link>
            </>
          )
        }
      />
      <ChoiceSelect
        label={t('trials.chooseClass')}
        loading={options.isLoading}
        empty={t('trials.noClasses')}
        value={klassId}
        onChange={setKlassId}
        choices={classes.map((o) => ({
          value: o.klass_id,
          label: t('trials.option', {
            name: o.schedule_name,
            when: formatInstantRange(o.starts_at, o.ends_at, zone, i18n.language),
            seats: o.seats_left,
          }),
        }))}
      />
    </AppDialog>
  );
}
