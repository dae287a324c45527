import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../../lib/api-client';
import { fakeApi } from '../../testing/fake-api';
import { renderWithProviders } from '../../testing/render-with-providers';
import { makeClientUpload } from './client-upload';
import { FileUpload, type UploadFn } from './file-upload';

describe('FileUpload', () => {
  it('shows the progress the upload reports', async () => {
    let report: (fraction: number) => void = () => undefined;
    let finish: () => void = () => undefined;
    const upload: UploadFn = (_file, onProgress) => {
      report = onProgress;
      return new Promise((resolve) => {
        finish = () => resolve(null);
      });
    };
    const { user } = renderWithProviders(<FileUpload upload={upload} />);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    await user.upload(screen.getByTestId('file-upload-picker-input'), new File(['x'], 'a.png'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    act(() => report(0.42));
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    await act(async () => finish());
    expect(await screen.findByText('Uploaded a.png')).toBeVisible();
  });

  it('shows an error when the server endpoint does not exist', async () => {
    // The app's client against a server without that route: the fake answers 404 like the server.
    const server = fakeApi({});
    try {
      const upload = makeClientUpload(apiClient, '/api/v1/nowhere');
      const { user } = renderWithProviders(<FileUpload upload={upload} />);
      await user.upload(screen.getByTestId('file-upload-picker-input'), new File(['x'], 'a.png'));
      await user.click(screen.getByRole('button', { name: 'Upload' }));
      expect(await screen.findByTestId('file-upload-error')).toHaveTextContent(
        'Upload failed: 404: No route POST /api/v1/nowhere',
      );
      expect(server.requests[0]?.body).toBeInstanceOf(FormData);
    } finally {
      server.restore();
    }
  });
});
