import { type PassPurchase, passResource } from '@atelier/contract';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../lib/api-client';
import { clientConfig } from '../../../lib/client-config';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { formatCents } from '../../../lib/money';
import { resourceHooks } from '../../../lib/resource-api';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { cartOwnerOf, useAddPassToCartMutation } from '../../cart';
import { selectUser } from '../../session';
import { useCancelDropInMutation, usePassPurchasesQuery } from '../passes-api';
import { BookVisitDialog } from './book-visit-dialog';

const passHooks = /* @__PURE__ */ resourceHooks(passResource);

/**
 * The family's class passes on /orders (docs/product.md#class-passes-and-drop-ins): each with its
 * visits left, expiry, state and visits booked (cancellable until the class starts), "Book a
 * visit", and the passes on sale to add to the cart.
 */
export function FamilyPasses() {
  const { t, i18n } = useTranslation();
  const { data: purchases } = usePassPurchasesQuery();
  const [booking, setBooking] = useState<PassPurchase | null>(null);
  const zone = timeZoneOf(useAppSelector(selectUser));
  const day = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: zone });
  const when = dateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: zone,
  });
  return (
    <section aria-labelledby="passes-title" data-testid="family-passes">
      <Typography variant="h2" id="passes-title" sx={{ fontSize: '1.5rem', mt: 4 }}>
        {t('passes.title')}
      </Typography>
      {(purchases ?? []).length === 0 ? (
        <Typography>{t('passes.none')}</Typography>
      ) : (
        <List>
          {(purchases ?? []).map((p) => (
            <ListItem
              key={p.id}
              data-testid="pass-purchase"
              sx={{ flexDirection: 'column', alignItems: 'flex-start' }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
                <Chip size="small" label={t(`passes.state.${p.state}`)} />
                <Typography data-testid="pass-visits-left">
                  {t('passes.visitsLeft', { left: p.visits_left, total: p.visits })}
                </Typography>
                <Typography variant="body2">
                  {t('passes.expires', { date: day.format(new Date(p.expires_at)) })}
                </Typography>
                {p.state === 'active' && (
                  <Button variant="outlined" onClick={() => setBooking(p)}>
                    {t('passes.bookVisit')}
                  </Button>
                )}
              </Stack>
              {p.drop_ins.length > 0 && (
                <List dense aria-label={t('passes.history', { name: p.name })}>
                  {p.drop_ins.map((d) => (
                    <DropInRow
                      key={d.id}
                      drop={d}
                      label={t('passes.visit', {
                        child: d.child_name,
                        name: d.programme,
                        date: when.format(new Date(d.starts_at)),
                      })}
                    />
                  ))}
                </List>
              )}
            </ListItem>
          ))}
        </List>
      )}
      <PassesOnSale />
      {booking && <BookVisitDialog purchase={booking} onClose={() => setBooking(null)} />}
    </section>
  );
}

function DropInRow({ drop, label }: { drop: PassPurchase['drop_ins'][number]; label: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [cancel, { isLoading }] = useCancelDropInMutation();
  const upcoming = !drop.cancelled_at && new Date(drop.starts_at).getTime() > Date.now();
  async function submit() {
    try {
      await cancel(drop.id).unwrap();
      dispatch(snackbarShown({ content: t('passes.cancelled'), type: 'success' }));
    } catch (error) {
      handleError(error, t('passes.cancelFailed'));
    }
  }
  return (
    <ListItem
      data-testid="drop-in"
      secondaryAction={
        upcoming ? (
          <Button
            disabled={isLoading}
            onClick={() => void submit()}
            aria-label={t('passes.cancelLabel', { name: label })}
          >
            {t('passes.cancel')}
          </Button>
        ) : undefined
      }
    >
      <ListItemText
        primary={label}
        secondary={drop.cancelled_at ? t('passes.visitCancelled') : undefined}
      />
    </ListItem>
  );
}

/** The passes on sale, each with "Add to cart" (signed-in carts only). */
function PassesOnSale() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { data } = passHooks.useListQuery({ page: 1 });
  const [add, { isLoading }] = useAddPassToCartMutation();
  const money = (cents: number) => formatCents(cents, clientConfig().currency, i18n.language);
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  async function addToCart(passId: string) {
    try {
      await add({ owner: cartOwnerOf(user), passId }).unwrap();
      dispatch(snackbarShown({ content: t('passes.added'), type: 'success' }));
    } catch (error) {
      handleError(error, t('passes.addFailed'));
    }
  }
  return (
    <>
      <Typography variant="h3" sx={{ fontSize: '1.25rem', mt: 2 }}>
        {t('passes.onSale')}
      </Typography>
      <List>
        {items.map((pass) => (
          <ListItem
            key={pass.id}
            data-testid="pass-on-sale"
            secondaryAction={
              <Button
                variant="contained"
                disabled={isLoading}
                onClick={() => void addToCart(pass.id)}
                aria-label={t('passes.addLabel', { name: pass.name })}
              >
                {t('passes.add')}
              </Button>
            }
          >
            <ListItemText
              primary={`${pass.name} · ${money(pass.price)}`}
              secondary={t('passes.line', { visits: pass.visits, days: pass.validity_days })}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}
