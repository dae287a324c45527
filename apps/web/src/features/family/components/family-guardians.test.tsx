import type { GuardianListDocument, GuardianResource } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { invalid, refused } from '../../../testing/error-replies';
import { type FakeApi, type FakeRoutes, fakeApi } from '../../../testing/fake-api';
import { fill, helperOf, UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { FamilyGuardians } from './family-guardians';
import { GuardianInvitation } from './guardian-invitation';

let server: FakeApi;
afterEach(() => server.restore());

const ada = buildUser({ id: '7', name: 'Ada Lovelace', email: 'ada@example.com' });
const LIST = 'GET /api/v1/family/guardians';

const guardian = (
  id: string,
  attributes: Partial<GuardianResource['attributes']>,
): GuardianResource => ({
  id,
  type: 'family_guardians',
  attributes: {
    email: `g${id}@example.com`,
    name: null,
    status: 'pending',
    is_you: false,
    invited_at: '2026-11-01T00:00:00.000Z',
    accepted_at: null,
    expires_at: '2026-11-04T00:00:00.000Z',
    ...attributes,
  },
});

const listOf = (rows: GuardianResource[]): GuardianListDocument => ({
  data: rows,
  meta: {
    account_holder: { id: '7', name: 'Ada Lovelace', email: 'ada@example.com', is_you: true },
  },
});

function renderGuardians(routes: FakeRoutes) {
  server = fakeApi(routes);
  return renderWithProviders(<FamilyGuardians />, {
    preloadedState: { session: { status: 'loaded', user: ada } },
  });
}

describe('FamilyGuardians', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('lists the account holder, a guardian and a pending invitation', async () => {
    renderGuardians({
      [LIST]: {
        data: listOf([
          guardian('1', { name: 'Bob Byron', status: 'accepted', email: 'bob@example.com' }),
          guardian('2', { email: 'cy@example.com' }),
        ]),
      },
    });
    expect(await screen.findByTestId('guardian-holder')).toHaveTextContent(
      'Ada LovelaceAccount holderYou',
    );
    const rows = screen.getAllByTestId('guardian-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Bob ByronGuardianbob@example.com',
      'cy@example.comInvitedcy@example.com',
    ]);
    expect(screen.getByRole('button', { name: 'Remove Bob Byron' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Cancel the invitation to cy@example.com' }),
    ).toBeInTheDocument();
  });

  it('invites by e-mail, and shows the server’s refusal beside the field', async () => {
    let rows: GuardianResource[] = [];
    const { user } = renderGuardians({
      [LIST]: () => ({ data: listOf(rows) }),
      'POST /api/v1/family/guardians': (request) => {
        const { email } = request.body as { email: string };
        if (email === 'ada@example.com') {
          return invalid({ email: 'This is your own e-mail address' });
        }
        rows = [guardian('3', { email })];
        return { status: 201, data: { data: rows[0] } };
      },
    });
    const field = await screen.findByLabelText(/^E-mail address of the second guardian/);
    await fill(user, field, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(helperOf(field)).toBe('This is your own e-mail address.'));
    await fill(user, field, 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    const row = await screen.findByTestId('guardian-row');
    expect(within(row).getByTestId('guardian-status')).toHaveTextContent('Invited');
  });

  it('removes access after asking', async () => {
    let rows = [guardian('1', { name: 'Bob Byron', status: 'accepted' })];
    const { user } = renderGuardians({
      [LIST]: () => ({ data: listOf(rows) }),
      'DELETE /api/v1/family/guardians/1': () => {
        rows = [];
        return { status: 204 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Bob Byron' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByTestId('guardian-row')).not.toBeInTheDocument());
  });
});

describe('GuardianInvitation', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('asks a visitor to log in or register and come back', async () => {
    server = fakeApi({});
    renderWithProviders(<GuardianInvitation token="tok" />, {
      preloadedState: { session: { status: 'loaded', user: null } },
    });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent('/guardian_invitation/tok')),
    );
  });

  it('says why an invitation cannot be accepted', async () => {
    const { user } = (() => {
      server = fakeApi({
        'POST /api/v1/family/guardians/accept': refused(
          'conflict',
          'Your account already has family members of its own',
          'has_family',
        ),
      });
      return renderWithProviders(<GuardianInvitation token="tok" />, {
        preloadedState: { session: { status: 'loaded', user: ada } },
      });
    })();
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByTestId('guardian-refused')).toHaveTextContent(
      'Your account already has family members of its own, so it cannot also act for another family.',
    );
  });
});
