import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/file-upload/file-upload';
import { SandboxPage } from './sandbox-page';
import { simulatedUpload } from './simulated-upload';

/** /sandbox/file_upload: FileUpload against a simulated upload, clearly labelled as a demo. */
export function Component() {
  const { t } = useTranslation();
  const [fail, setFail] = useState(false);
  const failRef = useRef(fail);
  failRef.current = fail;
  const upload = useMemo(() => simulatedUpload({ fail: () => failRef.current }), []);
  return (
    <SandboxPage title={t('sandbox.fileUpload')}>
      <Alert severity="info" sx={{ mb: 2 }} data-testid="sandbox-upload-demo-notice">
        {t('sandbox.uploadDemoNotice')}
      </Alert>
      <FormControlLabel
        control={<Switch checked={fail} onChange={(e) => setFail(e.target.checked)} />}
        label={t('sandbox.uploadDemoFail')}
        sx={{ mb: 2 }}
      />
      <FileUpload upload={upload} accept="image/*" />
    </SandboxPage>
  );
}
