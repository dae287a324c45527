// Photo boxes' reads across the classes, users, enrollments and gallery tables
// (docs/decisions/054-module-boundaries.md): app.ts hands them to the photo-boxes module.
import type { PhotoBoxReads } from '../../modules/photo-boxes';
import {
  boxById,
  boxByToken,
  boxCount,
  boxPage,
  groupPhotos,
  photosOfBoxes,
  studentsOfSchedules,
} from './photo-box-lists.queries';

/** The photo-boxes module's reads, as its service takes them. */
export const photoBoxReads: PhotoBoxReads = {
  boxPage,
  boxCount,
  boxById,
  boxByToken,
  photosOfBoxes,
  groupPhotos,
  studentsOfSchedules,
};
