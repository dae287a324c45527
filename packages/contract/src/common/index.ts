// The building blocks every resource's schemas are made of (docs/architecture.md#http-contract).
export * from './id.schemas';
export * from './json-api';
export * from './page.schemas';
export * from './resource';
export * from './text.schemas';
export * from './translations.schemas';
