import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';

const guest = { session: { status: 'loaded' as const, user: null } };

describe('sandbox (UI kit catalogue)', () => {
  it('links to each kit page', async () => {
    renderApp('/sandbox', { preloadedState: guest });
    await screen.findByRole('heading', { name: 'UI Kit' });
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: /^Dialog/ })).toHaveAttribute(
      'href',
      '/app/sandbox/dialog',
    );
    expect(main.getByRole('link', { name: /^Form/ })).toHaveAttribute('href', '/app/sandbox/form');
    expect(main.getByRole('link', { name: /^File picker/ })).toHaveAttribute(
      'href',
      '/app/sandbox/file',
    );
    expect(main.getByRole('link', { name: /^File upload/ })).toHaveAttribute(
      'href',
      '/app/sandbox/file_upload',
    );
  });

  it("form: says 'Required' and 'Invalid input', then accepts valid input", async () => {
    const { user } = renderApp('/sandbox/form', { preloadedState: guest });
    await screen.findByRole('heading', { name: 'Form' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);

    await user.type(screen.getByLabelText(/Name/), 'Ada');
    await user.type(screen.getByLabelText(/E-mail/), 'not-an-email');
    await user.type(screen.getByLabelText(/Age/), '200');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Invalid input')).toHaveLength(2);
    expect(screen.queryByText('Required')).toBeNull();

    await user.clear(screen.getByLabelText(/E-mail/));
    await user.type(screen.getByLabelText(/E-mail/), 'ada@example.com');
    await user.clear(screen.getByLabelText(/Age/));
    await user.type(screen.getByLabelText(/Age/), '36');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The form is valid: Ada, ada@example.com, 36')).toBeVisible();
  });

  it('form: checks a field when leaving it', async () => {
    const { user } = renderApp('/sandbox/form', { preloadedState: guest });
    await screen.findByRole('heading', { name: 'Form' });
    await user.type(screen.getByLabelText(/E-mail/), 'nope');
    await user.tab();
    expect(await screen.findByText('Invalid input')).toBeVisible();
  });

  it('file picker: shows the names of the chosen files', async () => {
    const { user } = renderApp('/sandbox/file', { preloadedState: guest });
    await screen.findByRole('heading', { name: 'File picker' });
    expect(screen.getByText('No file chosen')).toBeVisible();
    await user.upload(screen.getByTestId('file-picker-input'), [
      new File(['a'], 'one.png', { type: 'image/png' }),
      new File(['b'], 'two.png', { type: 'image/png' }),
    ]);
    expect(screen.getByTestId('file-picker-names')).toHaveTextContent('one.png, two.png');
  });

  it('file upload: is labelled as a demo and shows progress then success, or a failure', async () => {
    const { user } = renderApp('/sandbox/file_upload', { preloadedState: guest });
    await screen.findByRole('heading', { name: 'File upload' });
    expect(screen.getByTestId('sandbox-upload-demo-notice')).toHaveTextContent(/^Demo:/);

    await user.upload(
      screen.getByTestId('file-upload-picker-input'),
      new File(['x'], 'cat.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    expect(await screen.findByTestId('file-upload-done', {}, { timeout: 5000 })).toHaveTextContent(
      'Uploaded cat.png',
    );

    await user.click(screen.getByLabelText('Simulate a failure'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByTestId('file-upload-error', {}, { timeout: 5000 })).toHaveTextContent(
      'Upload failed',
    );
  });

  it('dialog: asks a confirmation question and reports the answer', async () => {
    const { user } = renderApp('/sandbox/dialog', { preloadedState: guest });
    await screen.findByRole('heading', { name: 'Dialog' });
    await user.click(screen.getByRole('button', { name: 'Open confirmation dialog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the draft?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Confirmed')).toBeVisible();
  });

  it("dialog: opens the app's search dialog through the store and closes it on Escape", async () => {
    const { user, store } = renderApp('/sandbox/dialog', { preloadedState: guest });
    await screen.findByRole('heading', { name: 'Dialog' });
    await user.click(screen.getByRole('button', { name: 'Open search dialog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    expect(store.getState().searchDialog.open).toBe(true);
    expect(within(dialog).getByRole('combobox', { name: 'Search' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(store.getState().searchDialog.open).toBe(false));
    act(() => undefined);
  });
});
