// The photo-boxes feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers). /photo_box (staff) and /photo_upload
// (anyone holding a box's link) compose these.

export { PhotoBoxManager } from './components/photo-box-manager';
export { PhotoUploadPage } from './components/photo-upload-page';
export { PhotoBoxTeachersOnly } from './components/teachers-only';
export { photoBoxesApi } from './photo-boxes-api';
