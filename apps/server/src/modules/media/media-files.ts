// Where an artwork's files live in storage (docs/decisions/036-artwork-images.md#pipeline). Both
// folders are private: only signed URLs reach them (storage/signed-urls.ts: PRIVATE_PREFIXES).

/** The upload as it came, kept until processed: `originals/{uuid}`. */
export const originalPathOf = (uuid: string) => `originals/${uuid}`;
/** The base key of the processed files: `artworks/{uuid}`. */
export const artworkKeyOf = (uuid: string) => `artworks/${uuid}`;

export const displayWebpPath = (key: string) => `${key}.webp`;
export const displayAvifPath = (key: string) => `${key}.avif`;
export const thumbPath = (key: string) => `${key}-thumb.webp`;

/** The base key a processed file belongs to: `artworks/{uuid}` of any of the three. */
export const artworkKeyOfFile = (path: string) => path.replace(/(-thumb)?\.(webp|avif)$/, '');

/** Every file an image row may own, for deletion. */
export function filesOfImage(row: { key: string | null; originalKey: string | null }): string[] {
  const files = row.originalKey ? [row.originalKey] : [];
  if (row.key) files.push(displayWebpPath(row.key), displayAvifPath(row.key), thumbPath(row.key));
  return files;
}
