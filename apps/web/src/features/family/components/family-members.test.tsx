import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { invalid, refused } from '../../../testing/error-replies';
import { type FakeApi, type FakeRoutes, fakeApi } from '../../../testing/fake-api';
import { fill, helperOf, UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { buildMember, memberDocument, memberListDocument } from '../family-test-builders';
import { FamilyMembers } from './family-members';

let server: FakeApi;
afterEach(() => server.restore());

const ada = buildUser({ id: '7', name: 'Ada Lovelace' });
const LIST = 'GET /api/v1/users/7/attendee_profiles';
const me = buildMember({
  id: '10',
  name: 'Ada Lovelace',
  birthday: '1985-12-10',
  is_account_holder: true,
});
const byron = buildMember({ id: '11', name: 'Byron', birthday: '2015-04-01' });

function renderFamily(routes: FakeRoutes) {
  server = fakeApi(routes);
  return renderWithProviders(<FamilyMembers user={ada} />, {
    preloadedState: { session: { status: 'loaded', user: ada } },
  });
}

const dialog = () => screen.getByTestId('family-member-dialog');
const nameField = () => within(dialog()).getByLabelText(/^Name/);
const birthdayField = () => within(dialog()).getByLabelText(/^Birthday/);

describe('FamilyMembers', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('lists the family, the account holder marked as "You"', async () => {
    renderFamily({ [LIST]: { data: memberListDocument([me, byron]) } });
    const items = await screen.findAllByTestId('family-member');
    expect(items.map((i) => i.textContent)).toEqual([
      'Ada LovelaceYouBorn Dec 10, 1985',
      'ByronBorn Apr 1, 2015',
    ]);
    expect(server.requests[0]).toMatchObject({ params: { page: 1 } });
  });

  it('reports each failed load through the snackbar as well as the inline line', async () => {
    const { user, store } = renderFamily({ [LIST]: refused('forbidden', 'Not your family.') });
    // Each snackbarShown replaces the snackbar's state, even with the same text.
    let snackbars = 0;
    let last = store.getState().snackbar;
    store.subscribe(() => {
      const now = store.getState().snackbar;
      if (now !== last && now.open) snackbars += 1;
      last = now;
    });
    expect(await screen.findByText('Could not load your family members.')).toBeInTheDocument();
    await waitFor(() =>
      expect(store.getState().snackbar).toMatchObject({
        content: '403: Not your family.',
        type: 'error',
        open: true,
      }),
    );
    expect(snackbars).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(snackbars).toBe(2));
    expect(screen.getByText('Could not load your family members.')).toBeInTheDocument();
  });

  it('says when there is nobody yet', async () => {
    renderFamily({ [LIST]: { data: memberListDocument([]) } });
    expect(await screen.findByText('No family members yet.')).toBeInTheDocument();
  });

  it('adds a child with a birthday limited to 1900-01-01..2099-12-31, and lists them', async () => {
    let members = [me];
    const { user, store } = renderFamily({
      [LIST]: () => ({ data: memberListDocument(members) }),
      'POST /api/v1/users/7/attendee_profiles': () => {
        members = [me, byron];
        return { status: 201, data: memberDocument(byron) };
      },
    });
    await screen.findAllByTestId('family-member');
    await user.click(screen.getByRole('button', { name: 'Add a family member' }));
    expect(birthdayField()).toHaveAttribute('type', 'date');
    expect(birthdayField()).toHaveAttribute('min', '1900-01-01');
    expect(birthdayField()).toHaveAttribute('max', '2099-12-31');
    await fill(user, nameField(), 'Byron');
    await fill(user, birthdayField(), '2015-04-01');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByTestId('family-member')).toHaveLength(2));
    expect(screen.queryByTestId('family-member-dialog')).toBeNull();
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      attendee_profile: { name: 'Byron', birthday: '2015-04-01', is_account_holder: false },
    });
    expect(store.getState().snackbar).toMatchObject({ content: 'Byron is added.', open: true });
  });

  it("checks the form ('Required', 'Invalid input') and shows the server's 422 beside its field", async () => {
    const { user } = renderFamily({
      [LIST]: { data: memberListDocument([]) },
      'POST /api/v1/users/7/attendee_profiles': invalid({
        birthday: 'The birthday cannot be in the future',
      }),
    });
    await screen.findByText('No family members yet.');
    await user.click(screen.getByRole('button', { name: 'Add a family member' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(helperOf(nameField())).toBe('Required');
    expect(helperOf(birthdayField())).toBe('Required');
    await fill(user, nameField(), 'Byron');
    await fill(user, birthdayField(), '1850-01-01');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(helperOf(birthdayField())).toBe('Invalid input');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

    await fill(user, birthdayField(), '2099-01-01');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(helperOf(birthdayField())).toBe('The birthday cannot be in the future'),
    );
    expect(dialog()).toBeInTheDocument();
  });

  it('marks the account holder, offering their own name', async () => {
    const { user } = renderFamily({
      [LIST]: { data: memberListDocument([]) },
      'POST /api/v1/users/7/attendee_profiles': { status: 201, data: memberDocument(me) },
    });
    await screen.findByText('No family members yet.');
    await user.click(screen.getByRole('button', { name: 'Add a family member' }));
    await user.click(
      within(dialog()).getByRole('checkbox', { name: 'This is me: I take classes too' }),
    );
    expect(nameField()).toHaveValue('Ada Lovelace');
    await fill(user, birthdayField(), '1985-12-10');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('family-member-dialog')).toBeNull());
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      attendee_profile: { name: 'Ada Lovelace', birthday: '1985-12-10', is_account_holder: true },
    });
  });

  it('edits a member', async () => {
    const { user } = renderFamily({
      [LIST]: { data: memberListDocument([byron]) },
      'PUT /api/v1/users/7/attendee_profiles/11': {
        data: memberDocument({ ...byron, name: 'Lord Byron' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Byron' }));
    expect(nameField()).toHaveValue('Byron');
    expect(birthdayField()).toHaveValue('2015-04-01');
    await fill(user, nameField(), 'Lord Byron');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('family-member-dialog')).toBeNull());
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      attendee_profile: {
        name: 'Lord Byron',
        birthday: '2015-04-01',
        is_account_holder: false,
        gallery_visibility: 'family',
        comments_need_approval: true,
      },
    });
  });

  it("saves who sees a child's artwork and whether comments wait for approval, with the PUT", async () => {
    const { user } = renderFamily({
      [LIST]: { data: memberListDocument([byron]) },
      'PUT /api/v1/users/7/attendee_profiles/11': {
        data: memberDocument({
          ...byron,
          gallery_visibility: 'classmates',
          comments_need_approval: false,
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Byron' }));
    const approval = within(dialog()).getByRole('switch', {
      name: "Comments wait for a teacher's approval",
    });
    expect(approval).toBeChecked();
    await user.click(within(dialog()).getByRole('combobox', { name: "Who sees Byron's artwork" }));
    await user.click(await screen.findByRole('option', { name: "Also classmates' families" }));
    await user.click(approval);
    expect(approval).not.toBeChecked();
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('family-member-dialog')).toBeNull());
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      attendee_profile: {
        name: 'Byron',
        birthday: '2015-04-01',
        is_account_holder: false,
        gallery_visibility: 'classmates',
        comments_need_approval: false,
      },
    });
  });

  it("shows the server's message beside the privacy choice", async () => {
    const { user } = renderFamily({
      [LIST]: { data: memberListDocument([byron]) },
      'PUT /api/v1/users/7/attendee_profiles/11': invalid({ gallery_visibility: 'Invalid input' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Byron' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('Invalid input')).toBeInTheDocument();
  });

  it('asks no privacy question of a member being added (the private defaults apply)', async () => {
    const { user } = renderFamily({ [LIST]: { data: memberListDocument([]) } });
    await user.click(await screen.findByTestId('family-add'));
    expect(within(dialog()).queryByText('Gallery privacy')).toBeNull();
  });

  it('removes a member after asking', async () => {
    let members = [me, byron];
    const { user } = renderFamily({
      [LIST]: () => ({ data: memberListDocument(members) }),
      'DELETE /api/v1/users/7/attendee_profiles/11': () => {
        members = [me];
        return { status: 204 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Byron' }));
    expect(screen.getByText('Remove Byron from your family members?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByTestId('family-member')).toHaveLength(1));
  });

  it('explains that a member booked into a class cannot be removed', async () => {
    const { user, store } = renderFamily({
      [LIST]: { data: memberListDocument([byron]) },
      'DELETE /api/v1/users/7/attendee_profiles/11': refused(
        'conflict',
        'This family member is booked into a class and cannot be removed',
        'in_use',
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Byron' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(store.getState().snackbar).toMatchObject({
        open: true,
        type: 'error',
        content: '409: This family member is booked into a class and cannot be removed',
      }),
    );
    expect(screen.getAllByTestId('family-member')).toHaveLength(1);
  });

  it('pages through a large family', async () => {
    const { user } = renderFamily({
      [LIST]: (request) =>
        request.params.page === 2
          ? { data: memberListDocument([buildMember({ id: '99', name: 'Zoe' })], 2, 21) }
          : { data: memberListDocument([me], 1, 21) },
    });
    await screen.findAllByTestId('family-member');
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByText('Zoe')).toBeInTheDocument();
  });
});
