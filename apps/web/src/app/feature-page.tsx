import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import type { MessageKey } from '../i18n/i18n';
import type { RouteModule } from './pages';

/**
 * A page that is one feature component under its heading (an admin resource's list and form):
 * its entry in `PAGES` loads the component from the feature's index and puts the heading above
 * it, so such a page needs no route file of its own (docs/architecture.md#adding-a-page).
 */
export function featurePage(
  title: MessageKey,
  load: () => Promise<ComponentType>,
): { component: () => Promise<RouteModule>; title: MessageKey } {
  return {
    title,
    component: async () => {
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
    },
  };
}
