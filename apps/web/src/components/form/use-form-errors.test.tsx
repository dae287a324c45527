import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient, handleError, toApiError } from '../../lib/api-client';
import { invalid, refused } from '../../testing/error-replies';
import { type FakeApi, type FakeReply, fakeApi } from '../../testing/fake-api';
import { fill, helperOf, UI_TEST_TIMEOUT_MS } from '../../testing/form-interactions';
import { renderWithProviders } from '../../testing/render-with-providers';
import { FormErrorAlert } from './form-error-alert';
import { type SubmitOptions, useFormErrors } from './use-form-errors';

vi.mock('../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/api-client')>();
  return { ...actual, handleError: vi.fn() };
});

let server: FakeApi;
beforeEach(() => vi.mocked(handleError).mockClear());
afterEach(() => server.restore());

/** A form with a repeated row, whose fields have the server's nested names (`slots.0.end_time`). */
function SlotForm({ options }: { options?: SubmitOptions }) {
  const form = useFormErrors({ fields: (name) => /^(name|slots)(\.|$)/.test(name) });
  return (
    <form
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!form.check({})) return;
        await form.submit(() => apiClient.post('/api/v1/slots', {}), options);
      }}
    >
      <FormErrorAlert messages={form.formMessages} testId="form-error" />
      <label>
        Name
        <input
          aria-describedby="name-helper"
          onChange={() => form.clear('name')}
          aria-invalid={form.helper('name').error}
        />
      </label>
      <p id="name-helper">{form.helper('name').helperText}</p>
      <label>
        End time 1
        <input aria-describedby="end-helper" onChange={() => form.clear('slots.0.end_time')} />
      </label>
      <p id="end-helper">{form.helper('slots.0.end_time', 'hh:mm').helperText}</p>
      <button type="submit" disabled={form.submitting}>
        Save
      </button>
    </form>
  );
}

function renderForm(reply: FakeReply, options?: SubmitOptions) {
  server = fakeApi({ 'POST /api/v1/slots': reply });
  return renderWithProviders(<SlotForm options={options} />);
}

describe('useFormErrors', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it("puts a 422's validate messages beside their fields, nested names included, and the rest above the form", async () => {
    const { user } = renderForm(
      invalid({
        name: 'Required',
        'slots.0.end_time': 'must be after the start time',
        redirect: 'Invalid input',
      }),
    );
    expect(helperOf(screen.getByLabelText('End time 1'))).toBe('hh:mm');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(helperOf(screen.getByLabelText('End time 1'))).toBe('must be after the start time'),
    );
    expect(helperOf(screen.getByLabelText('Name'))).toBe('Required');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('form-error')).toHaveTextContent('Invalid input');
    expect(handleError).not.toHaveBeenCalled();
  });

  it('clears a field’s message as that field is edited, and only that one', async () => {
    const { user } = renderForm(
      invalid({ name: 'Required', 'slots.0.end_time': 'must be after the start time' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf(screen.getByLabelText('Name'))).toBe('Required'));
    await fill(user, screen.getByLabelText('End time 1'), '10:00');
    expect(helperOf(screen.getByLabelText('End time 1'))).toBe('hh:mm');
    expect(helperOf(screen.getByLabelText('Name'))).toBe('Required');
    await fill(user, screen.getByLabelText('Name'), 'Ada');
    expect(helperOf(screen.getByLabelText('Name'))).toBe('');
  });

  it('sends any other failure to the common error handler with the action’s label', async () => {
    const { user } = renderForm(refused('conflict', 'Already taken'), { label: 'Could not save' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(handleError).toHaveBeenCalledTimes(1));
    const [error, label] = vi.mocked(handleError).mock.calls[0] ?? [];
    expect(toApiError(error)).toMatchObject({ status: 409, detail: 'Already taken' });
    expect(label).toBe('Could not save');
    expect(helperOf(screen.getByLabelText('Name'))).toBe('');
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('sends a 422 without validate entries to the common error handler too', async () => {
    const { user } = renderForm({
      status: 422,
      data: { errors: [{ status: '422', code: 'validation', detail: 'Unprocessable' }] },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(handleError).toHaveBeenCalledTimes(1));
    expect(toApiError(vi.mocked(handleError).mock.calls[0]?.[0])).toMatchObject({ status: 422 });
  });

  it('lets the form take a failure first (a refused link), keeping it from the handler', async () => {
    const onFailure = vi.fn((error: { reason: string | null }) => error.reason === 'expired');
    const { user } = renderForm(refused('gone', 'This link has expired.', 'expired'), {
      onFailure,
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1));
    expect(onFailure.mock.calls[0]?.[0]).toMatchObject({ status: 410, reason: 'expired' });
    expect(handleError).not.toHaveBeenCalled();
  });

  it("maps the server's field names to the form's own", async () => {
    const { user } = renderForm(invalid({ ends_at: 'must be after the start time' }), {
      fieldOf: (name) => (name === 'ends_at' ? 'slots.0.end_time' : name),
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(helperOf(screen.getByLabelText('End time 1'))).toBe('must be after the start time'),
    );
  });
});
