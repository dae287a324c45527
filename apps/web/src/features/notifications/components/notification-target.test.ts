import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';

describe('notificationTarget', () => {
  it('opens the feedback page for feedback', () => {
    expect(notificationTarget({ record: { id: '1', type: 'feedbacks' } })).toBe(
      '/gallery/feedback',
    );
  });

  it('opens my gallery for a post or a comment', () => {
    expect(notificationTarget({ record: { id: '1', type: 'posts' } })).toBe('/gallery/my_gallery');
    expect(notificationTarget({ record: { id: '1', type: 'comments' } })).toBe(
      '/gallery/my_gallery',
    );
  });

  it('opens the orders page for news of an order', () => {
    expect(notificationTarget({ record: { id: '1', type: 'orders' } })).toBe('/orders');
  });

  it('opens the orders page, where "Your waitlist" shows it, for a waitlist offer', () => {
    expect(notificationTarget({ record: { id: '1', type: 'waitlist_offers' } })).toBe('/orders');
  });

  it('has no page for a class message', () => {
    expect(notificationTarget({ record: { id: '1', type: 'messages' } })).toBeNull();
  });
});
