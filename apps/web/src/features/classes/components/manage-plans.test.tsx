import { document, resource } from '@atelier/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { conflict, planAttributes, planListDocument, validationErrors } from '../classes-test-data';
import { ManagePlans } from './manage-plans';

// Two cores shared by many test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

function change(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const plans = planListDocument([
  { id: '3', attributes: { name: 'Per class', schedules_count: 2 } },
  {
    id: '4',
    attributes: { name: 'Monthly', base_price: 0, unit_price: 12000, unit_type: 'month' },
  },
]);

describe('/manage_plans', { timeout: 30_000 }, () => {
  it('lists plans with their prices in the configured currency', async () => {
    server = fakeApi({ 'GET /api/v1/plans': { data: plans } });
    renderWithProviders(<ManagePlans />);
    const row = await screen.findByTestId('plan-row-4');
    expect(within(row).getByText('$0.00')).toBeInTheDocument();
    expect(within(row).getByText('$120.00')).toBeInTheDocument();
    expect(within(row).getByText('Month')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-row-3')).getByText('$30.50')).toBeInTheDocument();
  });

  it('says why a plan in use cannot be deleted (409)', async () => {
    server = fakeApi({
      'GET /api/v1/plans': { data: plans },
      'DELETE /api/v1/plans/3': conflict('This plan cannot be deleted: 2 schedules offer it.'),
    });
    const { user } = renderWithProviders(<ManagePlans />);
    await user.click(await screen.findByRole('button', { name: 'Delete Per class' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This plan is in use: 2 schedules offer it, so it cannot be deleted.',
    );
    expect(screen.getByTestId('plan-row-3')).toBeInTheDocument();
  });

  it('creates a plan from dollars, sending cents, and shows 422 messages beside fields', async () => {
    let attempts = 0;
    server = fakeApi({
      'GET /api/v1/plans': { data: plans },
      'POST /api/v1/plans': () => {
        attempts += 1;
        return attempts === 1
          ? validationErrors({ name: 'Must be at most 120 characters' })
          : {
              status: 201,
              data: document(resource('plans', '5', { ...planAttributes({ name: 'Term' }) })),
            };
      },
    });
    const { user } = renderWithProviders(<ManagePlans />);
    await user.click(await screen.findByRole('button', { name: 'New plan' }));
    const dialog = screen.getByTestId('plan-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(/^Unit price/)).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText(/^Name \(English\)/)).toHaveAccessibleDescription('Required');
    change(/^Name \(English\)/, 'Term');
    change(/^Name \(Japanese\)/, '学期');
    change(/^Base price/, '15');
    change(/^Unit price/, '240.5');
    await user.click(screen.getByRole('combobox', { name: /^Charged per/ }));
    await user.click(await screen.findByRole('option', { name: 'Term' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Name \(English\)/)).toHaveAccessibleDescription(
        'Must be at most 120 characters',
      ),
    );
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      plan: {
        name: 'Term',
        base_price: 1500,
        unit_price: 24050,
        unit_type: 'term',
        translations: { ja: { name: '学期' } },
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('plan-dialog')).not.toBeInTheDocument());
    expect(attempts).toBe(2);
  });
});
