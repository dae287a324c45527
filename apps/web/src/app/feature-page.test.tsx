import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render-with-providers';
import { featurePage } from './feature-page';

describe('featurePage', () => {
  it('loads the feature component and shows it under the page heading', async () => {
    const page = featurePage('pages.managePlans', async () => () => <p>the plans</p>);
    expect(page.title).toBe('pages.managePlans');
    const { Component } = await page.component();
    renderWithProviders(<Component />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Manage Plans');
    expect(screen.getByText('the plans')).toBeInTheDocument();
  });
});
