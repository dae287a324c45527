import type { AppPageId } from '@atelier/contract';
import type { ComponentType } from 'react';
import { featureRoute } from './feature-route';
import { PAGES } from './pages';
import type { RouteModule } from './route-module';

/**
 * A feature page whose entry in `PAGE_ROUTES` loads the component from the feature's index and
 * puts the heading of its `PAGES` entry above it (feature-route.tsx).
 */
export function featurePage(
  id: AppPageId,
  load: () => Promise<ComponentType>,
): () => Promise<RouteModule> {
  return featureRoute(PAGES[id].title, load);
}
