import type { ArtworkImage } from '@atelier/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Props = {
  image: ArtworkImage;
  alt: string;
  /** The first image of a page loads at once; every other waits until it nears the viewport. */
  eager?: boolean;
  /** Crops to a square in a card; the dialog shows the whole picture. */
  square?: boolean;
};

/**
 * One artwork image: AVIF where the server made a smaller one, else WebP. The tiny placeholder is
 * painted blurred behind it, and width/height are set, so the feed has its shape and colours
 * before any image arrives (docs/product.md#gallery).
 */
export function ArtworkPicture({ image, alt, eager = false, square = false }: Props) {
  const { t } = useTranslation();
  const ratio = image.width && image.height ? `${image.width} / ${image.height}` : '4 / 3';
  return (
    <Box
      data-testid="artwork-picture"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        aspectRatio: square ? '1 / 1' : ratio,
        bgcolor: 'action.hover',
      }}
    >
      {image.placeholder && (
        <Box
          aria-hidden="true"
          data-testid="artwork-placeholder"
          sx={{
            position: 'absolute',
            inset: 0,
            backgroundImage: `url(${image.placeholder})`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
            filter: 'blur(12px)',
            transform: 'scale(1.1)',
          }}
        />
      )}
      {image.url ? (
        <picture>
          {image.avif_url && <source srcSet={image.avif_url} type="image/avif" />}
          <img
            src={image.url}
            alt={alt}
            width={image.width ?? undefined}
            height={image.height ?? undefined}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            style={{
              position: 'relative',
              display: 'block',
              width: '100%',
              height: '100%',
              objectFit: square ? 'cover' : 'contain',
            }}
          />
        </picture>
      ) : (
        <Typography
          variant="body2"
          sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
        >
          {image.status === 'failed' ? t('gallery.image.failed') : t('gallery.image.processing')}
        </Typography>
      )}
    </Box>
  );
}
