import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { DueAgreements } from '../../features/agreements';
import { useCart } from '../../features/cart';
import { CheckoutPage } from '../../features/checkout';
import { selectUser } from '../../features/session';
import { useAppSelector } from '../../lib/store-hooks';

/**
 * /checkout: the agreements still to sign for this booking (docs/product.md#agreements), signed
 * inline, above the checkout itself.
 */
export function Component() {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  const { items } = useCart();
  const attendeeIds = items.flatMap((item) =>
    item.cart_item_attendee_profiles.map((link) => link.attendee_profile.id),
  );
  return (
    <section>
      <PageTitle title={t('pages.checkout')} />
      {user && <DueAgreements attendeeIds={attendeeIds} />}
      <CheckoutPage />
    </section>
  );
}
