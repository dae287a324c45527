import { act, screen } from '@testing-library/react';
import axios, { type AxiosAdapter, AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { makeAxiosUpload } from './axios-upload';
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
    const adapter: AxiosAdapter = async (config) => {
      const response = {
        data: {
          errors: [{ status: '404', code: 'not_found', detail: 'No route POST /api/v1/nowhere' }],
        },
        status: 404,
        statusText: 'Not Found',
        headers: {},
        config,
      };
      throw new AxiosError(
        'Request failed with status code 404',
        'ERR_BAD_REQUEST',
        config,
        {},
        response,
      );
    };
    const upload = makeAxiosUpload(axios.create({ adapter }), '/api/v1/nowhere');
    const { user } = renderWithProviders(<FileUpload upload={upload} />);
    await user.upload(screen.getByTestId('file-upload-picker-input'), new File(['x'], 'a.png'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByTestId('file-upload-error')).toHaveTextContent(
      'Upload failed: 404: No route POST /api/v1/nowhere',
    );
  });
});
