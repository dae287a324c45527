import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { useTranslation } from 'react-i18next';
import { CartButton } from '../../features/cart';
import { NotificationsButton } from '../../features/notifications';
import { paths } from '../../lib/route-paths';
import { TopBarButton } from './top-bar-button';

/** docs/product.md#routes-and-screens top bar for signed-in users: Gallery, Register and Cart (students), Notifications. */
export default function UserActions({ wide, student }: { wide: boolean; student: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <TopBarButton
        label={t('layout.gallery')}
        icon={<PhotoLibraryIcon />}
        to={paths.gallery}
        wide={wide}
        testId="top-bar-gallery"
      />
      {student && (
        <TopBarButton
          label={t('layout.register')}
          icon={<EventAvailableIcon />}
          to={paths.bookClass}
          wide={wide}
          variant="contained"
          testId="top-bar-register"
        />
      )}
      <NotificationsButton />
      {student && <CartButton />}
    </>
  );
}
