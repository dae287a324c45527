// The gallery feature's public face (docs/architecture.md#repository-layout-and-layers): its four
// pages, composed by the route files. Lazy routes only: the shell and the login page never import
// this (the first-visit budget).

export {
  FeedbackPage,
  MyGalleryPage,
  NewsFeedPage,
  StudentGalleryPage,
} from './components/gallery-pages';
export { galleryApi } from './gallery-api';
