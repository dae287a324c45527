import { FOOTER_YEAR, PUBLIC_SITE } from '@atelier/contract';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import YouTubeIcon from '@mui/icons-material/YouTube';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { clientConfig } from '../../lib/client-config';

/** docs/product.md#routes-and-screens footer: copyright, school name, contact mail, terms, privacy, social links. */
export function Footer() {
  const { t } = useTranslation();
  const { schoolName, contactEmail, socialLinks } = clientConfig();
  const social = [
    {
      key: 'instagram',
      href: socialLinks.instagram,
      label: t('footer.instagram'),
      Icon: InstagramIcon,
    },
    {
      key: 'facebook',
      href: socialLinks.facebook,
      label: t('footer.facebook'),
      Icon: FacebookIcon,
    },
    { key: 'youtube', href: socialLinks.youtube, label: t('footer.youtube'), Icon: YouTubeIcon },
  ];
  return (
    <Box
      component="footer"
      data-testid="footer"
      sx={{ borderTop: 1, borderColor: 'divider', px: 3, py: 2, bgcolor: 'background.paper' }}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={{ xs: 1, md: 3 }}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" data-testid="footer-copyright">
          {t('footer.copyright', { year: FOOTER_YEAR, school: schoolName })}
        </Typography>
        <Stack
          component="ul"
          direction="row"
          spacing={2}
          sx={{ listStyle: 'none', m: 0, p: 0, flexWrap: 'wrap' }}
        >
          <li>
            <Link href={`mailto:${contactEmail}`} variant="body2" data-testid="footer-contact">
              {t('footer.contact')}
            </Link>
          </li>
          <li>
            <Link href={PUBLIC_SITE.termsOfUse} variant="body2">
              {t('footer.termsOfUse')}
            </Link>
          </li>
          <li>
            <Link href={PUBLIC_SITE.privacyPolicy} variant="body2">
              {t('footer.privacyPolicy')}
            </Link>
          </li>
        </Stack>
        <Stack
          direction="row"
          spacing={0.5}
          component="ul"
          aria-label={t('footer.social')}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {social.map(({ key, href, label, Icon }) => (
            <li key={key}>
              <IconButton
                component="a"
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${label} ${t('common.opensInNewTab')}`}
                size="small"
              >
                <Icon fontSize="small" />
              </IconButton>
            </li>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
