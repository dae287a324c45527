import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import type { MessageKey } from '../i18n/i18n';
import type { RouteModule } from './route-module';

/**
 * A page that is one feature component under the heading `title` (an admin resource's list and
 * form), loaded when first opened, so such a page needs no route file of its own
 * (docs/architecture.md#adding-a-page). It reads no page list, so the list itself may hold it.
 */
export function featureRoute(
  title: MessageKey,
  load: () => Promise<ComponentType>,
): () => Promise<RouteModule> {
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
