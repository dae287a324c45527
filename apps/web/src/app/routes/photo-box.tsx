import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { PhotoBoxManager, PhotoBoxTeachersOnly } from '../../features/photo-boxes';
import { selectSessionStatus, selectUser } from '../../features/session';
import { access, paths } from '../../lib/route-paths';
import { useAppSelector } from '../../lib/store-hooks';

/**
 * /photo_box. The route table lists it with the public pages, and the menu shows "Photobox" to
 * everyone signed in (docs/product.md#routes-and-screens), but only teachers and admins open
 * boxes: a visitor signs in first, and a student is told the page is for teachers rather than
 * sent to the not-found page.
 */
export function Component() {
  const { t } = useTranslation();
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectUser);
  if (status !== 'loaded') return null;
  if (!user) return <Navigate to={paths.login} replace />;
  const staff = (access.teacherOrAdmin as readonly string[]).includes(user.role);
  return (
    <section>
      <PageTitle title={t('pages.photoBox')} />
      {staff ? <PhotoBoxManager /> : <PhotoBoxTeachersOnly />}
    </section>
  );
}
