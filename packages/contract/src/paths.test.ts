import { describe, expect, it } from 'vitest';
import {
  ACCOUNTS_API,
  API,
  APP_API,
  CART_API,
  FAMILY_API,
  NOTIFICATIONS_API,
  USERS_API,
} from './paths';

// The web and the server have used API's names since the start: they must keep naming the same
// paths now that each resource keeps its own group.
describe('API paths', () => {
  it('keeps the first names, each the path of its resource group', () => {
    expect(API.signIn).toBe('/api/v1/users/sign_in');
    expect(API.me).toBe(USERS_API.me);
    expect(API.user(3)).toBe('/api/v1/users/3');
    expect(API.usersSearch).toBe(ACCOUNTS_API.usersSearch);
    expect(API.notificationMarkRead(5)).toBe('/api/v1/notifications/5/mark_read');
    expect(API.notificationsUnreadCount).toBe(NOTIFICATIONS_API.unreadCount);
    expect(API.passwordReset('t')).toBe('/api/v1/password_resets/t');
    expect(API.userToken('t')).toBe(ACCOUNTS_API.userToken('t'));
    expect(API.emailToken('t')).toBe('/api/v1/users/email_token/t');
    expect(API.cartItem(7)).toBe('/api/v2/cart_items/7');
    expect(API.guestCartItems).toBe(CART_API.guestItems);
    expect(API.health).toBe(APP_API.health);
    expect(API.cable).toBe('/cable');
  });

  it('builds nested resource paths', () => {
    expect(FAMILY_API.attendeeProfile(3, 9)).toBe('/api/v1/users/3/attendee_profiles/9');
    expect(ACCOUNTS_API.register).toBe(API.users);
  });
});
