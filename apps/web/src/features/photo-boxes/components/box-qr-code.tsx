import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The QR code's side in CSS pixels: large enough for a phone across a classroom table. */
const QR_SIZE = 200;

/** The encoder, loaded on first use. */
async function loadEncoder() {
  const loaded = await import('qrcode');
  // A CommonJS package: depending on the bundler's interop its functions sit on the module
  // namespace or on its `default`.
  return loaded.default ?? loaded;
}

/**
 * The upload link as a QR code, drawn in the browser as SVG. The encoder is imported here, on
 * first use, so only /photo_box downloads it (the first-visit budget,
 * docs/decisions/021-precompressed-assets-and-first-visit-budget.md).
 */
export function BoxQrCode({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setSvg(null);
    setFailed(false);
    loadEncoder()
      .then((qr) => qr.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((made) => {
        if (current) setSvg(made);
      })
      .catch((error: unknown) => {
        console.error('Could not make the QR code', error);
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [url]);

  if (failed) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('photoBoxes.qrFailed')}
      </Typography>
    );
  }
  return (
    <Box sx={{ width: QR_SIZE, height: QR_SIZE, bgcolor: 'common.white', flexShrink: 0 }}>
      {svg && (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={t('photoBoxes.qrAlt', { name })}
          width={QR_SIZE}
          height={QR_SIZE}
          data-testid="photo-box-qr"
        />
      )}
    </Box>
  );
}
