/**
 * react-query keys of what the show page loads besides the record itself, so a workflow step
 * can refresh them: everything under `recordExtrasKey` (history, transitions).
 */
import type { BaseKey } from '@refinedev/core';

// Declared with the data provider (src/app/providers/pendencias-resource.ts), which the live updates use too.
export { PENDENCIAS_RESOURCE } from '../providers/pendencias-resource';

export const recordExtrasKey = (resource: string, id: BaseKey) => ['portal-record', resource, String(id)] as const;

export const historyKey = (resource: string, id: BaseKey) => [...recordExtrasKey(resource, id), 'historico'] as const;

/** The record's version is part of the key: a record reloaded after someone else's change asks again. */
export const transitionsKey = (resource: string, id: BaseKey, version?: unknown) =>
  [...recordExtrasKey(resource, id), 'transitions', String(version ?? '')] as const;
