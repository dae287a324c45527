import { FeedbackPage } from '../../features/gallery';

export function Component() {
  return <FeedbackPage />;
}
