import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';

/** Whether a URL names this machine only (localhost, 127.x.x.x, ::1): no phone can open it. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/**
 * Under a box's link when APP_URL was left at its default (localhost): the QR code would send a
 * phone to itself, so say how to start the server for phones on the same network.
 */
export function LoopbackLinkHint({ url }: { url: string }) {
  const { t } = useTranslation();
  if (!isLoopbackUrl(url)) return null;
  const { hostname, port, protocol } = new URL(url);
  return (
    <Alert severity="info" data-testid="photo-box-loopback-hint">
      <AlertTitle>{t('photoBoxes.loopbackTitle')}</AlertTitle>
      {t('photoBoxes.loopbackHint', {
        host: hostname,
        port: port || (protocol === 'https:' ? '443' : '80'),
      })}
    </Alert>
  );
}
