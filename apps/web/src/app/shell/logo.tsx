import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/route-paths';

function LogoMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="19" fill="#41D9A0" />
      <path
        d="M11 29c3-1 4-4 5-7s3-6 7-9l6-4c1 0 2 1 1 2l-4 6c-3 4-6 6-9 7s-4 2-6 5z"
        fill="#2b353a"
      />
      <circle cx="12" cy="30" r="2.2" fill="#9A24F2" />
    </svg>
  );
}

/**
 * docs/product.md#routes-and-screens: the logo goes to / — inside the app when logged in, and as a full page load to the
 * site's / otherwise (the public home). The wide variant adds the wordmark.
 */
export function Logo({ wide, loggedIn }: { wide: boolean; loggedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!loggedIn) return; // the plain link reloads to /
    event.preventDefault();
    navigate(paths.home);
  };
  return (
    <Box
      component="a"
      href="/"
      onClick={onClick}
      aria-label={t('app.logoHome', { name: t('app.galleryName') })}
      data-testid={wide ? 'logo-wide' : 'logo-narrow'}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'text.primary',
        textDecoration: 'none',
        fontWeight: 700,
        fontSize: 20,
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'text.primary' },
      }}
    >
      <LogoMark size={wide ? 36 : 32} />
      {wide && <span aria-hidden="true">{t('app.galleryName')}</span>}
    </Box>
  );
}
