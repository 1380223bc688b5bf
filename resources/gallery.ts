/**
 * Sources of the site gallery (`/obras/:obra/galeria`): the image fields of every entity that
 * belongs to a site (daily reports, work-order reports, checklists, …), top-level or inside rows
 * (a checklist answer's photos), and the library's documents when their file is an image.
 * Shared by the API (which queries them) and the screen (its "Origem" filter).
 */
import { SCHEMAS } from '../schemas';
import type { EntitySchema, FieldDef } from '../schemas/kinds';

/** The library: its documents' attachments count when they are images. */
export const GALLERY_LIBRARY = 'documento';

export interface GallerySlot {
  schema: EntitySchema;
  /** Top-level field holding the files (the one field-level read rules name). */
  field: FieldDef;
  /** The file sub-field inside each row, for `rows` fields. */
  sub?: FieldDef;
}

const isFiles = (f: FieldDef) => f.kind === 'attachments' || f.kind === 'images';

export function gallerySlots(schemas: EntitySchema[] = SCHEMAS): GallerySlot[] {
  const out: GallerySlot[] = [];
  for (const schema of schemas) {
    if (!schema.obraField) continue;
    const library = schema.name === GALLERY_LIBRARY;
    for (const f of schema.fields) {
      if (f.kind === 'images' || (library && isFiles(f))) out.push({ schema, field: f });
      else if (f.kind === 'rows') for (const s of f.fields ?? []) if (s.kind === 'images') out.push({ schema, field: f, sub: s });
    }
  }
  return out;
}

/** The filter's options: one per entity, by its plural label ("Biblioteca" for the library). */
export function gallerySourceOptions(schemas: EntitySchema[] = SCHEMAS): { value: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const { schema } of gallerySlots(schemas))
    if (!seen.has(schema.name)) seen.set(schema.name, schema.name === GALLERY_LIBRARY ? 'Biblioteca' : schema.labelPlural);
  return [...seen].map(([value, label]) => ({ value, label }));
}
