import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../components/file-picker/file-picker';
import { SandboxPage } from './sandbox-page';

/** /sandbox/file: the file picker (several images). */
export function Component() {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  return (
    <SandboxPage title={t('sandbox.file')}>
      <FilePicker files={files} onChange={setFiles} accept="image/*" multiple />
    </SandboxPage>
  );
}
