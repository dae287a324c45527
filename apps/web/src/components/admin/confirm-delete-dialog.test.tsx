import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../lib/api-client';
import { handleError } from '../../lib/api-client';
import { renderWithProviders } from '../../testing/render-with-providers';
import { ConfirmDeleteDialog, type ConfirmDeleteDialogProps } from './confirm-delete-dialog';

vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  handleError: vi.fn(),
}));

const failure = (status: number): ApiError => ({
  status,
  code: null,
  detail: 'Refused',
  reason: null,
  fields: {},
  message: 'Request failed',
});

function dialog(props: Partial<ConfirmDeleteDialogProps> = {}) {
  const callbacks = { onDeleted: vi.fn(), onClose: vi.fn() };
  const view = renderWithProviders(
    <ConfirmDeleteDialog
      title="Delete Apple?"
      question="This cannot be undone."
      onConfirm={() => Promise.resolve()}
      inUseMessage="Apple is in a basket, so it cannot be deleted."
      failedMessage="Delete fruit"
      {...callbacks}
      {...props}
    />,
  );
  return { ...view, ...callbacks };
}

describe('ConfirmDeleteDialog', { timeout: 20_000 }, () => {
  it('asks, deletes on confirm and reports the delete', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    const { user, onDeleted } = dialog({ onConfirm });
    expect(screen.getByRole('dialog', { name: 'Delete Apple?' })).toHaveTextContent(
      'This cannot be undone.',
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('turns a 409 into the in-use message and offers the way out instead', async () => {
    const { user, onDeleted, onClose } = dialog({
      onConfirm: () => Promise.reject(failure(409)),
      inUseActions: <button type="button">Archive it</button>,
    });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Apple is in a basket, so it cannot be deleted.',
    );
    expect(screen.getByRole('button', { name: 'Archive it' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(handleError).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
    await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    expect(onClose).toHaveBeenCalled();
  });

  it('hands any other failure to the common error handler and stays open for a retry', async () => {
    const error = failure(403);
    const { user, onDeleted } = dialog({ onConfirm: () => Promise.reject(error) });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(handleError).toHaveBeenCalledWith(error, 'Delete fruit'));
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
