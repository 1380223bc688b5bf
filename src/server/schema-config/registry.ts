/**
 * The effective schemas of the running server: each code schema with its current overlay
 * (schemas/overlay.ts). Loaded on first use, then kept fresh cheaply: a change stored by this
 * process reloads at once; one stored by another process reaches this one as a notice of the
 * `schema_overlay` table (crud/write-events.ts, from the database's NOTIFY), after which the next
 * request checks the overlay table's change count (one count over a small table) and reloads when
 * it moved. Without notices (the listener down, or tests) the check is also due every `ttlMs`.
 */
import type { EntitySchema } from '../../../schemas/kinds';
import { effectiveSchema } from '../../../schemas/overlay';
import type { Db } from '../db/connect';
import { cacheTtl, onTableWritten } from '../crud/write-events';
import { loadOverlays, overlayStamp, type StoredOverlay } from './store';

export const OVERLAY_TTL_MS = 2000;
/** The check's period while other processes' writes are heard (a safety net only). */
export const OVERLAY_TTL_HEARD_MS = 60_000;

/** Bumped by every notice of a write to the overlay table: every registry checks at its next use. */
let noticed = 0;
onTableWritten((table) => {
  if (table === 'schema_overlay') noticed++;
});

export class SchemaRegistry {
  private overlays = new Map<string, StoredOverlay>();
  private effective = new Map<string, EntitySchema>();
  private list: EntitySchema[];
  private internal: Record<string, string[]> = {};
  private stamp = -1;
  private checkedAt = 0;
  private checkedNotice = -1;
  private pending: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly bases: EntitySchema[],
    private readonly ttlMs = OVERLAY_TTL_MS,
  ) {
    this.list = bases;
    for (const b of bases) this.effective.set(b.resource, b);
    this.internal = internalFieldsOf(bases);
  }

  /** Make sure the overlays are at most `ttlMs` old (one query when the check is due, none otherwise). */
  async fresh(): Promise<void> {
    const ttl = this.ttlMs === OVERLAY_TTL_MS ? cacheTtl(OVERLAY_TTL_MS, OVERLAY_TTL_HEARD_MS) : this.ttlMs;
    if (this.stamp >= 0 && this.checkedNotice === noticed && Date.now() - this.checkedAt < ttl) return;
    this.pending ??= this.check().finally(() => (this.pending = undefined));
    await this.pending;
  }

  private async check(): Promise<void> {
    this.checkedNotice = noticed;
    let stamp: number;
    try {
      stamp = await overlayStamp(this.db);
    } catch (e) {
      // A database not migrated by this version (no overlay table): the code schemas alone.
      if ((e as { code?: string }).code !== '42P01') throw e;
      this.stamp = 0;
      this.checkedAt = Date.now();
      return;
    }
    this.checkedAt = Date.now();
    if (stamp !== this.stamp) await this.reload(stamp);
  }

  /** Read every current overlay again (after a change of this process, or when the stamp moved). */
  async reload(stamp?: number): Promise<void> {
    const s = stamp ?? (await overlayStamp(this.db));
    const overlays = await loadOverlays(this.db);
    const effective = new Map<string, EntitySchema>();
    for (const b of this.bases) effective.set(b.resource, effectiveSchema(b, overlays.get(b.resource)?.overlay));
    this.overlays = overlays;
    this.effective = effective;
    this.list = this.bases.map((b) => effective.get(b.resource)!);
    this.internal = internalFieldsOf(this.list);
    this.stamp = s;
    this.checkedAt = Date.now();
  }

  base(resource: string): EntitySchema | undefined {
    return this.bases.find((b) => b.resource === resource);
  }

  /** The effective schema of a resource (the code schema until the overlays are loaded). */
  get(resource: string): EntitySchema | undefined {
    return this.effective.get(resource);
  }

  /** A getter for one resource, for routes built once at start (crudRoutes). */
  getter(resource: string): () => EntitySchema {
    return () => this.effective.get(resource)!;
  }

  /** Every effective schema, in the code order; the same array until something changes. */
  all(): EntitySchema[] {
    return this.list;
  }

  /** Fields for the internal team only (`internal`), by subject: the ability denies them to clients and partners. */
  internalFields(): Readonly<Record<string, readonly string[]>> {
    return this.internal;
  }

  /** The overlay version of a resource (0: never configured). */
  version(resource: string): number {
    return this.overlays.get(resource)?.version ?? 0;
  }

  overlay(resource: string): StoredOverlay {
    return this.overlays.get(resource) ?? { version: 0, overlay: {} };
  }
}

function internalFieldsOf(schemas: EntitySchema[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const s of schemas) {
    const names = s.fields.filter((f) => f.internal).map((f) => f.name);
    if (names.length) (out[s.subject] ??= []).push(...names);
  }
  return out;
}
