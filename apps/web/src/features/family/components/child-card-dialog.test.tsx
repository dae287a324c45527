import { CHILD_CARD_MESSAGES, document } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { invalid } from '../../../testing/error-replies';
import { type FakeApi, type FakeRoutes, fakeApi } from '../../../testing/fake-api';
import { fill, helperOf, UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { buildMember, memberDocument, memberListDocument } from '../family-test-builders';
import { FamilyMembers } from './family-members';

let server: FakeApi;
afterEach(() => server.restore());

const ada = buildUser({ id: '7', name: 'Ada Lovelace' });
const LIST = 'GET /api/v1/users/7/attendee_profiles';
const PUT = 'PUT /api/v1/users/7/attendee_profiles/11';
const LOG = 'GET /api/v1/users/7/attendee_profiles/11/medical_access_log';
const byron = buildMember({ id: '11', name: 'Byron' });
const noLog = document([], { meta: { total: 0, page: 1, per_page: 20 } });

function renderFamily(routes: FakeRoutes) {
  server = fakeApi(routes);
  return renderWithProviders(<FamilyMembers user={ada} />, {
    preloadedState: { session: { status: 'loaded', user: ada } },
  });
}

const card = () => screen.getByTestId('child-card-dialog');
const contact = () => within(card()).getByRole('group', { name: 'Emergency contact 1' });

describe('the child’s card', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('saves a contact and an allergy, showing the phone as stored and who read the notes', async () => {
    const saved = buildMember({
      id: '11',
      name: 'Byron',
      emergency_contacts: [{ name: 'Grace', phone: '+12125550100', relation: 'grandmother' }],
      allergies: 'Peanuts',
    });
    const { user } = renderFamily({
      [LIST]: { data: memberListDocument([byron]) },
      [PUT]: { data: memberDocument(saved) },
      [LOG]: {
        data: document(
          [
            {
              id: '5',
              type: 'medical_accesses',
              attributes: {
                viewed_at: '2026-03-07T15:00:00.000Z',
                place: 'roll',
                viewer_name: 'Theo Teacher',
                viewer_role: 'teacher',
              },
            },
          ],
          { meta: { total: 1, page: 1, per_page: 20 } },
        ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Card of Byron' }));
    expect(
      await within(card()).findByText(/^Theo Teacher \(teacher\) on the class roll/),
    ).toBeVisible();
    await fill(user, within(contact()).getByLabelText(/^Name/), 'Grace');
    await fill(user, within(contact()).getByLabelText(/^Relation/), 'grandmother');
    await fill(user, within(contact()).getByLabelText(/^Phone/), '+1 212 555 0100');
    await fill(user, within(card()).getByLabelText(/^Allergies/), 'Peanuts');
    await user.click(within(card()).getByRole('button', { name: 'Save the card' }));
    await waitFor(() =>
      expect(within(contact()).getByLabelText(/^Phone/)).toHaveValue('+12125550100'),
    );
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      attendee_profile: {
        emergency_contacts: [{ name: 'Grace', phone: '+1 212 555 0100', relation: 'grandmother' }],
        allergies: 'Peanuts',
        medical_notes: '',
        authorised_pickups: [],
      },
    });
  });

  it('shows the server’s refusal of a phone number beside it', async () => {
    const { user } = renderFamily({
      [LIST]: { data: memberListDocument([byron]) },
      [PUT]: invalid({ 'emergency_contacts.0.phone': CHILD_CARD_MESSAGES.invalidPhone }),
      [LOG]: { data: noLog },
    });
    await user.click(await screen.findByRole('button', { name: 'Card of Byron' }));
    await fill(user, within(contact()).getByLabelText(/^Name/), 'Grace');
    await fill(user, within(contact()).getByLabelText(/^Relation/), 'grandmother');
    await fill(user, within(contact()).getByLabelText(/^Phone/), '12345');
    await user.click(within(card()).getByRole('button', { name: 'Save the card' }));
    await waitFor(() =>
      expect(helperOf(within(contact()).getByLabelText(/^Phone/))).toBe(
        CHILD_CARD_MESSAGES.invalidPhone,
      ),
    );
    expect(within(card()).getByText('Nobody on the staff has read them yet.')).toBeVisible();
  });
});
