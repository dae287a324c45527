import type { Notification } from '@atelier/contract';

/**
 * docs/product.md#routes-and-screens: the page a notification opens — feedback → /gallery/feedback, a post or a comment →
 * /gallery/my_gallery, each with the post open in its dialog (`?post=`: the record is the post,
 * docs/product.md#gallery), an order's news (paid, refunded) and a waitlist offer → /orders (where "Your
 * waitlist" shows the offer with "Book now": docs/product.md#waitlist), a session cancelled or
 * moved → /classes (the calendar), a class message → /classes with the message open (`?message=`:
 * the record is the message, docs/product.md#class-messages).
 */
export function notificationTarget(notification: Pick<Notification, 'record'>): string | null {
  switch (notification.record.type) {
    case 'feedbacks':
      return `/gallery/feedback?post=${notification.record.id}`;
    case 'posts':
    case 'comments':
      return `/gallery/my_gallery?post=${notification.record.id}`;
    case 'orders':
    case 'waitlist_offers':
    // A declined autopay: the balance due and "Pay balance" are on /orders (decision 075).
    case 'billing_payments':
      return '/orders';
    case 'klasses':
      return '/classes';
    case 'messages':
      return `/classes?message=${notification.record.id}`;
    default:
      return null;
  }
}
