import type { AccountAgreement } from '@atelier/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { DueAgreements } from './due-agreements';

// Two cores shared by many test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const row = (overrides: Partial<AccountAgreement>): AccountAgreement => ({
  agreement_id: '1',
  title: 'Studio waiver',
  kind: 'waiver',
  required_before_booking: true,
  per_child: false,
  attendee_profile_id: null,
  attendee_name: null,
  current_version: {
    id: '11',
    version: 2,
    body: 'I accept the risks.',
    published_at: '2026-11-01T00:00:00.000Z',
  },
  signature: null,
  due: true,
  ...overrides,
});

const rows = [
  row({}),
  row({
    agreement_id: '2',
    title: 'Media release',
    kind: 'media_release',
    per_child: true,
    attendee_profile_id: '7',
    attendee_name: 'Mia Kato',
    current_version: { ...row({}).current_version, id: '21', body: 'Show her work.' },
  }),
  // Another child, not in this booking; a signed one; one not required before booking.
  row({
    agreement_id: '2',
    per_child: true,
    attendee_profile_id: '8',
    attendee_name: 'Leo Kato',
    title: 'Media release',
  }),
  row({ agreement_id: '3', title: 'Signed policy', due: false }),
  row({ agreement_id: '4', title: 'Newsletter', required_before_booking: false }),
];

describe('DueAgreements (checkout)', () => {
  it('shows only what this booking still needs, and signs one with the typed name and "I agree"', async () => {
    server = fakeApi({
      'GET /api/v2/account/agreements': { data: { data: rows } },
      'POST /api/v2/agreement_signatures': (request) => ({
        status: 201,
        data: {
          data: {
            id: '99',
            agreement_id: '1',
            agreement_title: 'Studio waiver',
            agreement_kind: 'waiver',
            agreement_version_id: '11',
            version: 2,
            body: 'I accept the risks.',
            family_user_id: '5',
            family_name: 'Kenji Kato',
            attendee_profile_id: null,
            attendee_name: null,
            signer_name: String((request.body as { signer_name: string }).signer_name),
            ip: '127.0.0.1',
            signed_at: '2026-11-02T00:00:00.000Z',
            withdrawn_at: null,
            current: true,
          },
        },
      }),
    });
    renderWithProviders(<DueAgreements attendeeIds={['7']} />);
    const waiver = await screen.findByRole('form', { name: 'Studio waiver' });
    expect(screen.getByRole('form', { name: 'Media release — Mia Kato' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Media release — Leo Kato' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Signed policy' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Newsletter' })).toBeNull();
    expect(within(waiver).getByText('I accept the risks.')).toBeTruthy();

    fireEvent.change(within(waiver).getByRole('textbox', { name: 'Your full name' }), {
      target: { value: 'Kenji Kato' },
    });
    fireEvent.click(within(waiver).getByRole('checkbox', { name: 'I agree' }));
    fireEvent.click(within(waiver).getByRole('button', { name: 'Sign' }));
    await waitFor(() =>
      expect(server?.requests.some((r) => r.method.toUpperCase() === 'POST')).toBe(true),
    );
    const sent = server?.requests.find((r) => r.method.toUpperCase() === 'POST');
    expect(sent?.body).toEqual({
      agreement_version_id: '11',
      attendee_profile_id: null,
      signer_name: 'Kenji Kato',
      agreed: true,
    });
  });

  it('refuses to sign without a typed name, before asking the server', async () => {
    server = fakeApi({ 'GET /api/v2/account/agreements': { data: { data: [row({})] } } });
    renderWithProviders(<DueAgreements attendeeIds={[]} />);
    const waiver = await screen.findByRole('form', { name: 'Studio waiver' });
    fireEvent.click(within(waiver).getByRole('button', { name: 'Sign' }));
    expect(await within(waiver).findByText('Type your full name to sign')).toBeTruthy();
    expect(server.requests.filter((r) => r.method.toUpperCase() === 'POST')).toHaveLength(0);
  });
});
