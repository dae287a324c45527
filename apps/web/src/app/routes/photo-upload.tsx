import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { PhotoUploadPage } from '../../features/photo-boxes';

/**
 * /photo_upload?box={token} (public: anyone holding a photo box's link uploads without signing
 * in, docs/product.md#photo-box).
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <section>
      <PageTitle title={t('pages.photoUpload')} />
      <PhotoUploadPage token={params.get('box')} />
    </section>
  );
}
