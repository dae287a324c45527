import type { Notification } from '@atelier/contract';

/**
 * docs/product.md#routes-and-screens: the page a notification opens — feedback → /gallery/feedback, a post or a comment →
 * /gallery/my_gallery, an order's news (paid, refunded) → /orders. A class message has no page of its
 * own (null: it is only marked read).
 */
export function notificationTarget(notification: Pick<Notification, 'record'>): string | null {
  switch (notification.record.type) {
    case 'feedbacks':
      return '/gallery/feedback';
    case 'posts':
    case 'comments':
      return '/gallery/my_gallery';
    case 'orders':
      return '/orders';
    default:
      return null;
  }
}
