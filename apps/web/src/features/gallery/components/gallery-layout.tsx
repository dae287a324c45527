import { GALLERY_PAGES } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { usePostParam } from '../use-post-param';
import { PostDialog } from './post-dialog';

const TABS = [
  { to: GALLERY_PAGES.feed, label: 'pages.galleryFeed' },
  { to: GALLERY_PAGES.mine, label: 'pages.myGallery' },
  { to: GALLERY_PAGES.feedback, label: 'pages.galleryFeedback' },
] as const;

type Props = {
  title: string;
  /** Beside the title (My Gallery's "New post"). */
  action?: ReactNode;
  children: ReactNode;
};

/**
 * Every gallery page: its title, links between the gallery's lists, and the post dialog that
 * `?post={id}` opens on any of them (docs/product.md#gallery).
 */
export function GalleryLayout({ title, action, children }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { postId, closePost } = usePostParam();
  const current = TABS.find((tab) => pathname === tab.to)?.to;
  return (
    <section>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <PageTitle title={title} />
        {action}
      </Stack>
      <Box component="nav" aria-label={t('gallery.nav')} sx={{ mb: 3 }}>
        <Stack
          component="ul"
          direction="row"
          spacing={1}
          sx={{ listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap', rowGap: 1 }}
        >
          {TABS.map((tab) => (
            <li key={tab.to}>
              <Button
                component={RouterLink}
                to={tab.to}
                variant={current === tab.to ? 'contained' : 'outlined'}
                aria-current={current === tab.to ? 'page' : undefined}
              >
                {t(tab.label)}
              </Button>
            </li>
          ))}
        </Stack>
      </Box>
      {children}
      {postId && <PostDialog postId={postId} onClose={closePost} />}
    </section>
  );
}
