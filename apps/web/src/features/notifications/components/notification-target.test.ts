import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';

describe('notificationTarget', () => {
  it('opens the feedback page for feedback, with the post open', () => {
    expect(notificationTarget({ record: { id: '4', type: 'feedbacks' } })).toBe(
      '/gallery/feedback?post=4',
    );
  });

  it('opens my gallery for a post or a comment, with the post open', () => {
    expect(notificationTarget({ record: { id: '5', type: 'posts' } })).toBe(
      '/gallery/my_gallery?post=5',
    );
    expect(notificationTarget({ record: { id: '6', type: 'comments' } })).toBe(
      '/gallery/my_gallery?post=6',
    );
  });

  it('opens the orders page for news of an order', () => {
    expect(notificationTarget({ record: { id: '1', type: 'orders' } })).toBe('/orders');
  });

  it('opens the orders page, where "Your waitlist" shows it, for a waitlist offer', () => {
    expect(notificationTarget({ record: { id: '1', type: 'waitlist_offers' } })).toBe('/orders');
  });

  it('opens the class calendar for a session cancelled or moved', () => {
    expect(notificationTarget({ record: { id: '7', type: 'klasses' } })).toBe('/classes');
  });

  it('opens the classes page with the message open for a class message', () => {
    expect(notificationTarget({ record: { id: '3', type: 'messages' } })).toBe(
      '/classes?message=3',
    );
  });
});
