import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Db } from '../../db/client';
import type { Storage } from '../../storage/storage';
import { displayWebpPath } from '../media';
import {
  cardsOf,
  childCardsOf,
  childrenOf,
  enrollmentsOf,
  galleryOf,
  guardiansOf,
  ledgerOf,
  makeupsOf,
  messagesOf,
  ordersOf,
  passesOf,
  profileOf,
  signaturesOf,
  trialsOf,
  tuitionOf,
} from './account-data.queries';

/** One file of the ZIP: a JSON document, or a stored file copied byte for byte. */
export type ExportEntry = { path: string; json: unknown } | { path: string; storageKey: string };

/**
 * One part of a family's data export (docs/decisions/072-a-familys-data-is-theirs.md). A module
 * that comes to hold more about a family adds a section to EXPORT_SECTIONS; nothing else changes.
 * `userId` is the family (the account holder's user); `personId` who asked: the same, or a
 * guardian acting for the family (decision 071).
 */
export type ExportSection = {
  name: string;
  entries(db: Db, userId: number, personId: number): Promise<ExportEntry[]>;
};

const jsonSection = (
  name: string,
  read: (db: Db, userId: number) => Promise<unknown>,
): ExportSection => ({
  name,
  entries: async (db, userId) => [{ path: `${name}.json`, json: await read(db, userId) }],
});

/** The stored file an export carries for an image: the upload as it came while it is kept, else the display copy. */
const storedFileOf = (image: { key: string | null; originalKey: string | null }) =>
  image.originalKey ?? (image.key ? displayWebpPath(image.key) : null);

const extOf = (storageKey: string) => /\.([a-z0-9]+)$/.exec(storageKey)?.[1] ?? 'bin';

const gallerySection: ExportSection = {
  name: 'gallery',
  async entries(db, userId) {
    const found = await galleryOf(db, userId);
    const files: ExportEntry[] = [];
    const postsJson = found.map((post) => ({
      id: post.id,
      attendee_profile_id: post.attendee_profile_id,
      caption: post.caption,
      created_at: post.created_at,
      comments: post.comments,
      images: post.images.flatMap((image) => {
        const storageKey = storedFileOf(image);
        if (!storageKey) return [];
        const path = `gallery/post-${post.id}/${image.position + 1}-image-${image.imageId}.${extOf(storageKey)}`;
        files.push({ path, storageKey });
        return [{ id: image.imageId, file: path }];
      }),
    }));
    return [{ path: 'gallery/posts.json', json: postsJson }, ...files];
  },
};

/** Each child's card, with the pickup people's photos as stored files (decision 069). */
const childCardSection: ExportSection = {
  name: 'child_cards',
  async entries(db, userId) {
    const cards = await childCardsOf(db, userId);
    const files: ExportEntry[] = [];
    const json = cards.map((card) => ({
      ...card,
      authorised_pickups: card.authorised_pickups.map((p) => {
        const storageKey = p.imageId === null ? null : storedFileOf(p);
        const path = storageKey
          ? `child_cards/child-${card.attendee_profile_id}/pickup-${p.id}-photo.${extOf(storageKey)}`
          : null;
        if (storageKey && path) files.push({ path, storageKey });
        return { id: p.id, name: p.name, relation: p.relation, phone: p.phone, photo: path };
      }),
    }));
    return [{ path: 'child_cards/cards.json', json }, ...files];
  },
};

/** What a family's export holds, in order. */
export const EXPORT_SECTIONS: ExportSection[] = [
  jsonSection('profile', profileOf),
  jsonSection('children', childrenOf),
  jsonSection('cards', cardsOf),
  jsonSection('orders', ordersOf),
  jsonSection('enrollments', enrollmentsOf),
  jsonSection('ledger', ledgerOf),
  jsonSection('messages', messagesOf),
  gallerySection,
  childCardSection,
  jsonSection('agreement_signatures', signaturesOf),
  jsonSection('makeups', makeupsOf),
  jsonSection('trials', trialsOf),
  jsonSection('tuition', tuitionOf),
  jsonSection('passes', passesOf),
  {
    name: 'guardians',
    entries: async (db, userId, personId) => [
      { path: 'guardians.json', json: await guardiansOf(db, userId, personId) },
    ],
  },
];

/** Every entry of a family's export (database reads only; no file is read yet). */
export async function collectExport(
  db: Db,
  userId: number,
  personId = userId,
): Promise<ExportEntry[]> {
  const all: ExportEntry[] = [];
  for (const section of EXPORT_SECTIONS) {
    all.push(...(await section.entries(db, userId, personId)));
  }
  return all;
}

export const imageCountOf = (entries: ExportEntry[]) =>
  entries.filter((e) => 'storageKey' in e).length;

/**
 * The ZIP of `entries`, streamed as it is built: JSON is deflated, stored files (already
 * compressed images) are copied as they are, one at a time, so memory holds one image at most.
 */
export function zipStream(entries: ExportEntry[], storage: Storage): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  const add = (path: string, data: Uint8Array, compress: boolean) => {
    const file = compress ? new ZipDeflate(path, { level: 6 }) : new ZipPassThrough(path);
    zip.add(file);
    file.push(data, true);
  };
  void (async () => {
    try {
      for (const entry of entries) {
        if ('json' in entry) {
          add(entry.path, Buffer.from(JSON.stringify(entry.json, null, 2), 'utf8'), true);
        } else {
          const data = await storage.get(entry.storageKey);
          // A file gone from the store (removed meanwhile) leaves the rest of the export whole.
          if (data) add(entry.path, data, false);
        }
      }
      zip.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

/** The whole ZIP in memory (for the background export, which stores it as one file). */
export async function zipBuffer(entries: ExportEntry[], storage: Storage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(entries, storage)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
