// The photo-boxes module's public face: app.ts and the seed import from here only
// (docs/architecture.md#repository-layout-and-layers).

export type { BoxRow, KlassFacts, PhotoBoxReads, PhotoRow } from './photo-boxes.context';
export { type PhotoBoxesPluginOptions, photoBoxesPlugin } from './photo-boxes.routes';
export { seedDemoPhotoBox } from './photo-boxes.seed';
