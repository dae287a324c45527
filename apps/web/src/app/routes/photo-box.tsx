import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { PhotoBoxManager, PhotoBoxTeachersOnly } from '../../features/photo-boxes';
import { selectSessionStatus, selectUser } from '../../features/session';
import { access, paths } from '../../lib/route-paths';
import { useAppSelector } from '../../lib/store-hooks';

/**
 * /photo_box. The route table lists it with the public pages, and the menu shows "Photobox" to
 * everyone signed in (docs/product.md#routes-and-screens), but only teachers and admins open
 * boxes: a visitor and a student are told the page is for teachers (the visitor with a way to
 * log in and come back) rather than sent elsewhere.
 */
export function Component() {
  const { t } = useTranslation();
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectUser);
  if (status !== 'loaded') return null;
  const staff = !!user && (access.teacherOrAdmin as readonly string[]).includes(user.role);
  return (
    <section>
      <PageTitle title={t('pages.photoBox')} />
      {staff ? (
        <PhotoBoxManager />
      ) : (
        <PhotoBoxTeachersOnly
          loginTo={user ? null : `${paths.login}?redirect=${encodeURIComponent(paths.photoBox)}`}
        />
      )}
    </section>
  );
}
