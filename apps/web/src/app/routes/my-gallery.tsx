import { MyGalleryPage } from '../../features/gallery';

export function Component() {
  return <MyGalleryPage />;
}
