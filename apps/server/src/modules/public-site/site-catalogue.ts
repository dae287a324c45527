import {
  type CatalogueKlassGroupDocument,
  catalogueKlassGroupFlatSchema,
  type FlatCatalogueKlassGroup,
  flatten,
  type Language,
} from '@atelier/contract';
import { AppError } from '../../lib/app-error';
import type { PublicCatalogue } from '../classes';

/** More pages than any school has programmes: a guard, not a limit anyone meets. */
const MAX_PAGES = 20;

/** The published programme of `slug` in `language`, flat, or null when there is none. */
export async function findProgramme(
  catalogue: PublicCatalogue,
  slug: string,
  language: Language,
): Promise<FlatCatalogueKlassGroup | null> {
  let doc: CatalogueKlassGroupDocument;
  try {
    doc = await catalogue.programme(slug, language);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
  return catalogueKlassGroupFlatSchema.parse(flatten(doc));
}

/**
 * Every published programme in `language`, flat, in the catalogue's order (the home page, the
 * sitemap).
 */
export async function allProgrammes(
  catalogue: PublicCatalogue,
  language: Language,
): Promise<FlatCatalogueKlassGroup[]> {
  const out: FlatCatalogueKlassGroup[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const doc = await catalogue.page(page, language);
    const flat = flatten(doc);
    out.push(
      ...(Array.isArray(flat) ? flat : []).map((p) => catalogueKlassGroupFlatSchema.parse(p)),
    );
    if (page * doc.meta.per_page >= doc.meta.total) break;
  }
  return out;
}
