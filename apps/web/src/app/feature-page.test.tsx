import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render-with-providers';
import { featurePage } from './feature-page';

describe('featurePage', () => {
  it("loads the feature component and shows it under its page entry's heading", async () => {
    const load = featurePage('managePlans', async () => () => <p>the plans</p>);
    const { Component } = await load();
    renderWithProviders(<Component />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Manage Plans');
    expect(screen.getByText('the plans')).toBeInTheDocument();
  });
});
