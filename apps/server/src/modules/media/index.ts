// The media module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).

export type { ArtworkImage } from '@atelier/contract';
export type { ImageOutcome } from './image-worker-pool';
export { type MediaPluginOptions, mediaPlugin } from './media.plugin';
export { imageIdsOfFileQuery, readyImageIdsQuery } from './media.repository';
export type { Media } from './media.service';
// A deleting family's part of this module (docs/decisions/072-a-familys-data-is-theirs.md).
export { eraseImageRows } from './media-erasure.repository';
export { displayWebpPath, filesOfImage } from './media-files';
