import Pagination from '@mui/material/Pagination';
import { useTranslation } from 'react-i18next';

/**
 * The page links under a paged list, the navigation and each link named for a screen reader
 * ("Page 2", "Next page"); nothing when everything fits on one page.
 */
export function PagePagination({
  count,
  page,
  onChange,
}: {
  count: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (count <= 1) return null;
  return (
    <Pagination
      count={count}
      page={page}
      onChange={(_event, next) => onChange(next)}
      sx={{ mt: 2 }}
      aria-label={t('admin.table.pages')}
      getItemAriaLabel={(type, item) =>
        type === 'page'
          ? t('admin.table.page', { page: item ?? '' })
          : t(type === 'next' ? 'admin.table.nextPage' : 'admin.table.previousPage')
      }
    />
  );
}
