import type { AppPageId } from '@atelier/contract';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { PAGES } from './pages';
import type { RouteModule } from './route-module';

/**
 * A page that is one feature component under its heading (an admin resource's list and form):
 * its entry in `PAGE_ROUTES` loads the component from the feature's index and puts the heading
 * of its `PAGES` entry above it, so such a page needs no route file of its own
 * (docs/architecture.md#adding-a-page).
 */
export function featurePage(
  id: AppPageId,
  load: () => Promise<ComponentType>,
): () => Promise<RouteModule> {
  const { title } = PAGES[id];
  return async () => {
    const Feature = await load();
    return {
      // biome-ignore lint/correctness/noComponentHookFactories: made once, when the router first loads the page, and kept by it as a route file's export is
      Component: function FeaturePage() {
        const { t } = useTranslation();
        return (
          <section>
            <PageTitle title={t(title)} />
            <Feature />
          </section>
        );
      },
    };
  };
}
