import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient, handleError, toApiError } from '../../lib/api-client';
import { invalid, refused } from '../../testing/error-replies';
import { type FakeApi, type FakeReply, fakeApi } from '../../testing/fake-api';
import { fill, helperOf, UI_TEST_TIMEOUT_MS } from '../../testing/form-interactions';
import { renderWithProviders } from '../../testing/render-with-providers';
import { FormErrorAlert } from './form-error-alert';
import { TextInput } from './text-input';
import { useForm } from './use-form';

vi.mock('../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/api-client')>();
  return { ...actual, handleError: vi.fn() };
});

let server: FakeApi;
beforeEach(() => vi.mocked(handleError).mockClear());
afterEach(() => server.restore());

function SignUpForm() {
  const [agreed, setAgreed] = useState(false);
  const form = useForm(
    { name: '', email: '' },
    { name: { required: true }, email: { required: true, email: true } },
    {
      fields: ['terms_accepted'],
      check: () => (agreed ? {} : { terms_accepted: 'register.messages.termsRequired' }),
    },
  );
  const submit = form.handleSubmit(
    async (values) => {
      await apiClient.post('/api/v1/users', values);
    },
    { label: 'Could not sign up' },
  );
  return (
    <form noValidate onSubmit={submit}>
      <FormErrorAlert messages={form.formMessages} testId="form-error" />
      <TextInput {...form.field('name')} label="Name" />
      <TextInput {...form.field('email')} label="E-mail" />
      <label>
        <input
          type="checkbox"
          checked={agreed}
          onChange={(event) => {
            setAgreed(event.target.checked);
            form.clear('terms_accepted');
          }}
        />
        Terms
      </label>
      <p>{form.message('terms_accepted')}</p>
      <button type="submit">Send</button>
    </form>
  );
}

function renderForm(reply: FakeReply) {
  server = fakeApi({ 'POST /api/v1/users': reply });
  return renderWithProviders(<SignUpForm />);
}

async function fillValid(user: ReturnType<typeof renderForm>['user']) {
  await fill(user, screen.getByLabelText(/^Name/), 'Ada');
  await fill(user, screen.getByLabelText(/^E-mail/), 'ada@example.com');
  await user.click(screen.getByLabelText('Terms'));
}

describe('useForm', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('checks the rules and the extra check on submit, sending nothing while one fails', async () => {
    const { user } = renderForm({ status: 201 });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(helperOf(screen.getByLabelText(/^Name/))).toBe('Required');
    expect(helperOf(screen.getByLabelText(/^E-mail/))).toBe('Required');
    expect(screen.getByText('You must accept the Terms of Use')).toBeInTheDocument();
    await fill(user, screen.getByLabelText(/^E-mail/), 'ada@');
    await user.tab();
    expect(helperOf(screen.getByLabelText(/^E-mail/))).toBe('Invalid input');
    expect(server.requests).toEqual([]);
  });

  it("shows a 422's messages beside the text fields and the other controls", async () => {
    const { user } = renderForm(
      invalid({
        email: 'Enter a valid e-mail address',
        terms_accepted: 'You must accept the Terms of Use',
        redirect: 'Something else',
      }),
    );
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(helperOf(screen.getByLabelText(/^E-mail/))).toBe('Enter a valid e-mail address'),
    );
    expect(screen.getByText('You must accept the Terms of Use')).toBeInTheDocument();
    expect(screen.getByTestId('form-error')).toHaveTextContent('Something else');
    expect(handleError).not.toHaveBeenCalled();
  });

  it('clears a message as its field is edited', async () => {
    const { user } = renderForm(invalid({ name: 'Already taken', email: 'Already taken' }));
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(helperOf(screen.getByLabelText(/^Name/))).toBe('Already taken'));
    await fill(user, screen.getByLabelText(/^Name/), 'Ada L.');
    expect(helperOf(screen.getByLabelText(/^Name/))).toBe('');
    expect(helperOf(screen.getByLabelText(/^E-mail/))).toBe('Already taken');
  });

  it('sends a failure without field messages to the common error handler', async () => {
    const { user } = renderForm(refused('rate_limited', 'Too many sign-ups'));
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(handleError).toHaveBeenCalledTimes(1));
    const [error, label] = vi.mocked(handleError).mock.calls[0] ?? [];
    expect(toApiError(error)).toMatchObject({ status: 429, detail: 'Too many sign-ups' });
    expect(label).toBe('Could not sign up');
  });
});
