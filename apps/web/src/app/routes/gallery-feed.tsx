import { NewsFeedPage } from '../../features/gallery';

export function Component() {
  return <NewsFeedPage />;
}
