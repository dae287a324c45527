import { GALLERY_PAGES, type Post } from '@atelier/contract';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatKlassDate } from '../gallery-format';
import { ArtworkPicture } from './artwork-picture';

type Props = {
  post: Post;
  /** The viewer's time zone, for the session's date. */
  zone: string;
  /** The first card of the list: its image is not lazy. */
  first: boolean;
  onOpen: (postId: string) => void;
};

/**
 * A post in a list: its first image (a button opening the post), the student (a link to their
 * gallery), the session it was made in, the caption and the counts.
 */
export const PostCard = forwardRef<HTMLDivElement, Props>(function PostCard(
  { post, zone, first, onOpen },
  ref,
) {
  const { t, i18n } = useTranslation();
  const image = post.images[0];
  const name = post.student.name;
  return (
    <Card ref={ref} variant="outlined" data-testid="gallery-post-card" data-post-id={post.id}>
      <ButtonBase
        onClick={() => onOpen(post.id)}
        aria-label={t('gallery.card.open', { name })}
        sx={{ display: 'block', width: '100%', textAlign: 'inherit' }}
        data-testid="gallery-post-open"
      >
        {image ? (
          <ArtworkPicture image={image} alt="" eager={first} square />
        ) : (
          <Typography sx={{ p: 2 }}>{t('gallery.image.none')}</Typography>
        )}
      </ButtonBase>
      <CardContent>
        <Stack spacing={0.5}>
          <Link
            component={RouterLink}
            to={GALLERY_PAGES.student(post.student.id)}
            variant="subtitle1"
            sx={{ fontWeight: 600 }}
            data-testid="gallery-post-student"
          >
            {name}
          </Link>
          {post.klass && (
            <Typography variant="body2" color="text.secondary">
              {t('gallery.session', {
                programme: post.klass.klass_group_name,
                date: formatKlassDate(post.klass.starts_at, zone, i18n.language),
              })}
            </Typography>
          )}
          {post.caption && (
            <Typography
              variant="body2"
              sx={{
                display: '-webkit-box',
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {post.caption}
            </Typography>
          )}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', pt: 0.5 }}>
            <Typography
              variant="body2"
              sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
            >
              <ChatBubbleOutlineIcon fontSize="small" aria-hidden="true" />
              {t('gallery.card.comments', { count: post.comment_count })}
            </Typography>
            <Typography
              variant="body2"
              sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
            >
              <RateReviewOutlinedIcon fontSize="small" aria-hidden="true" />
              {t('gallery.card.feedback', { count: post.feedback_count })}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1}>
            {post.processing && (
              <Chip
                size="small"
                label={t('gallery.card.processing')}
                data-testid="gallery-post-processing"
              />
            )}
            {post.hidden && <Chip size="small" color="warning" label={t('gallery.hidden')} />}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
});
