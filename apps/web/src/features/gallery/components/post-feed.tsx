import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import { type PostListArg, usePostsInfiniteQuery } from '../gallery-api';
import { PostCard } from './post-card';

type Props = {
  list: PostListArg;
  /** What an empty list says. */
  emptyText: string;
  /** The list's accessible name. */
  label: string;
  onOpen: (postId: string) => void;
};

/**
 * A gallery list, newest first, as a responsive grid of cards. The next cursor page loads when
 * the last card comes into view (docs/product.md#gallery), like the notifications dialog.
 */
export function PostFeed({ list, emptyText, label, onOpen }: Props) {
  const { t } = useTranslation();
  const zone = timeZoneOf(useAppSelector(selectUser));
  const { data, isLoading, isError, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } =
    usePostsInfiniteQuery(list);
  const posts = data?.pages.flatMap((page) => page.posts) ?? [];

  // The observer is made once per last card; it reads the latest state through this ref.
  const loadMore = useRef(() => {});
  loadMore.current = () => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  };
  const observer = useRef<IntersectionObserver | null>(null);
  const lastCardRef = useCallback((node: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    observer.current = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore.current();
    });
    observer.current.observe(node);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);

  return (
    <Box data-testid="gallery-feed">
      {isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('gallery.retry')}
            </Button>
          }
        >
          {t('gallery.loadFailed')}
        </Alert>
      )}
      {!isLoading && !isError && posts.length === 0 && (
        <Typography data-testid="gallery-empty">{emptyText}</Typography>
      )}
      {posts.length > 0 && (
        <Box
          component="ul"
          aria-label={label}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
          }}
        >
          {posts.map((post, index) => (
            <li key={post.id}>
              <PostCard
                ref={index === posts.length - 1 ? lastCardRef : undefined}
                post={post}
                zone={zone}
                first={index === 0}
                onOpen={onOpen}
              />
            </li>
          ))}
        </Box>
      )}
      {(isLoading || isFetchingNextPage) && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={28} aria-label={t('common.loading')} />
        </Box>
      )}
    </Box>
  );
}
