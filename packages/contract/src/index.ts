export * from './cable/cable.schemas';
export * from './cart/cart.schemas';
export * from './constants';
export * from './errors';
export * from './json-api';
export * from './notifications/notifications.schemas';
export * from './paths';
export * from './users/users.schemas';
