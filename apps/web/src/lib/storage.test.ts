import { describe, expect, it } from 'vitest';
import {
  clearStorage,
  getOrderParams,
  getToken,
  photoBoxDeviceId,
  removeToken,
  setOrderParams,
  setToken,
} from './storage';

describe('local storage keys (docs/product.md#data-the-client-sees)', () => {
  it("keeps the token under 'jwt'", () => {
    expect(getToken()).toBeNull();
    setToken('a.b.c');
    expect(localStorage.getItem('jwt')).toBe('a.b.c');
    expect(getToken()).toBe('a.b.c');
    removeToken();
    expect(getToken()).toBeNull();
  });

  it("keeps order parameters as JSON under 'order_params', ignoring unreadable values", () => {
    expect(getOrderParams()).toBeNull();
    setOrderParams({ schedule: '3', attendees: ['1'] });
    expect(JSON.parse(localStorage.getItem('order_params') ?? '')).toEqual({
      schedule: '3',
      attendees: ['1'],
    });
    expect(getOrderParams()).toEqual({ schedule: '3', attendees: ['1'] });
    localStorage.setItem('order_params', '{broken');
    expect(getOrderParams()).toBeNull();
    localStorage.setItem('order_params', '[1]');
    expect(getOrderParams()).toBeNull();
  });

  it('clears all of local storage', () => {
    setToken('t');
    setOrderParams({ total: 1 });
    localStorage.setItem('other', 'x');
    clearStorage();
    expect(localStorage.length).toBe(0);
  });

  it("makes the photo box device id once and keeps it under 'photo_box_device'", () => {
    localStorage.clear();
    const id = photoBoxDeviceId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem('photo_box_device')).toBe(id);
    expect(photoBoxDeviceId()).toBe(id);
    // A hand-edited value the server would ignore is replaced.
    localStorage.setItem('photo_box_device', 'x');
    expect(photoBoxDeviceId()).not.toBe('x');
  });
});
