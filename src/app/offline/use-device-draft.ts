/**
 * The device draft of a field form (schemas with `offline: true`, issue 26): what the person types
 * is saved on the device as they type; an earlier draft of the same form is put back when it opens;
 * "Salvar" without network (or with photos still on the device) queues the record in the outbox.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FormInstance } from 'antd';
import type { EntitySchema } from '../../../schemas/kinds';
import { deleteFile, deleteRecord, hasDeviceStore, newId, putRecord, recordsOf, type DeviceRecord } from './device-db';
import { deviceFileId, deviceKeysIn } from './device-files';
import { notifyDeviceChange } from './device-events';
import { flushOutbox } from './outbox';
import { deviceTitle, type FormatFieldValue } from './device-title';

export interface DeviceDraftOptions {
  schema: EntitySchema;
  action: 'create' | 'edit';
  /** The record's id (edit). */
  id?: string;
  form: FormInstance;
  /** E-mail of the signed-in person (no draft without it). */
  owner?: string;
  /** Edit: the record is loaded and the form holds it (a draft is put back only then). */
  ready: boolean;
  /** The form's address ("Continuar" reopens it). */
  path: string;
  /** Edit: the record as loaded (the merge's common ancestor). */
  base?: Record<string, unknown>;
  /** The device record the address names (`?aparelho=`, reopen.ts): put back instead of this form's draft. */
  deviceId?: string | null;
  /** A field's value as text, for the record's name in "No aparelho" (`formatValue`, src/app/fields/format-value.ts). */
  formatValue: FormatFieldValue;
}

export interface DeviceDraft {
  enabled: boolean;
  /** When the draft put back into the form had been saved (shown with "Descartar rascunho"). */
  restoredAt?: number;
  /** Why the last save on the device failed (storage full…): the person is told, the form keeps the text. */
  saveError?: string;
  /** The refusal of the record put back to be corrected (`?aparelho=`): its reason and field errors. */
  refusal?: { reason?: string; errors?: Record<string, string[]> };
  /** Call on every change the person makes. */
  changed: () => void;
  /**
   * Moves the form's values to the outbox ("Salvo no aparelho") and tries to send them. `sent`: the
   * values are those of an online save that got no answer, queued exactly as sent and under that
   * save's `Idempotency-Key`: if the server did save them, the outbox's send gets that first answer.
   */
  queue: (values: Record<string, unknown>, sent?: { key: string }) => Promise<DeviceRecord | undefined>;
  /** Forgets the draft (after an online save, or "Descartar rascunho"). */
  clear: (withFiles?: boolean) => Promise<void>;
}

const plain = (v: unknown) => JSON.parse(JSON.stringify(v ?? {})) as Record<string, unknown>;
const SAVE_DELAY_MS = 300;

export function useDeviceDraft({ schema, action, id, form, owner, ready, path, base, deviceId, formatValue }: DeviceDraftOptions): DeviceDraft {
  // Without IndexedDB (an old or locked-down browser) the form works as before, online only.
  const enabled = !!schema.offline && !!owner && hasDeviceStore();
  const draftRef = useRef<DeviceRecord | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inflight = useRef<Promise<unknown>>(Promise.resolve());
  const [restoredAt, setRestoredAt] = useState<number>();
  const [saveError, setSaveError] = useState<string>();
  const [refusal, setRefusal] = useState<DeviceDraft['refusal']>();
  const recordId = action === 'edit' && id !== undefined ? String(id) : undefined;

  // Put back the draft of this form, once the form holds its starting values.
  useEffect(() => {
    if (!enabled || !ready) return;
    let cancelled = false;
    void recordsOf(owner!)
      .catch(() => [] as DeviceRecord[])
      .then((all) => {
        if (cancelled) return;
        // A record reopened from "No aparelho" (reopen.ts) is named in the address; else this form's draft.
        const named = deviceId;
        const found = all.find(
          (r) =>
            r.state === 'rascunho' &&
            r.resource === schema.resource &&
            r.action === action &&
            (named ? r.id === named : recordId ? r.recordId === recordId : r.path === path),
        );
        if (!found) return;
        draftRef.current = found;
        // After the form's own reset to its initial values (Refine's useForm, suggested values).
        setTimeout(() => {
          if (cancelled) return;
          form.setFieldsValue(found.values);
          setRestoredAt(found.updatedAt);
          if (found.reason || found.errors) setRefusal({ reason: found.reason, errors: found.errors });
        }, 0);
      });
    return () => {
      cancelled = true;
    };
  }, [enabled, ready, owner, schema.resource, action, recordId, path, form, deviceId]);

  const write = useCallback(
    async (state: DeviceRecord['state'], raw: Record<string, unknown>, key?: string): Promise<DeviceRecord> => {
      const values = plain(raw);
      const now = Date.now();
      const prev = draftRef.current;
      const version = typeof values.version === 'number' ? values.version : key ? undefined : prev?.baseVersion;
      const rec: DeviceRecord = {
        id: prev?.id ?? newId(),
        owner: owner!,
        // Reopened from "No aparelho": the record keeps its place (its own path, not the form's `?aparelho=`).
        resource: schema.resource,
        action,
        recordId,
        baseVersion: version,
        base: prev?.base ?? (base ? plain(base) : undefined),
        values,
        state,
        key: key ?? prev?.key ?? newId(),
        path: prev?.path ?? path,
        title: deviceTitle(schema, values, formatValue, recordId),
        createdAt: prev?.createdAt ?? now,
        updatedAt: now,
        attempts: 0,
      };
      await putRecord(rec);
      draftRef.current = state === 'rascunho' ? rec : undefined;
      notifyDeviceChange();
      return rec;
    },
    [owner, schema, action, recordId, path, base],
  );

  const saveNow = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    inflight.current = write('rascunho', form.getFieldsValue(true) as Record<string, unknown>).then(
      () => setSaveError(undefined),
      (err: Error) => setSaveError(err.message),
    );
  }, [write, form]);

  const changed = useCallback(() => {
    if (!enabled) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(saveNow, SAVE_DELAY_MS);
  }, [enabled, saveNow]);

  // A pending save is written at once when the page is hidden or left (a closed tab loses nothing).
  useEffect(() => {
    if (!enabled) return;
    const flushPending = () => {
      if (timer.current !== undefined) saveNow();
    };
    document.addEventListener('visibilitychange', flushPending);
    window.addEventListener('pagehide', flushPending);
    return () => {
      document.removeEventListener('visibilitychange', flushPending);
      window.removeEventListener('pagehide', flushPending);
      flushPending();
    };
  }, [enabled, saveNow]);

  const queue = useCallback(
    async (values: Record<string, unknown>, sent?: { key: string }) => {
      if (!enabled) return undefined;
      clearTimeout(timer.current);
      timer.current = undefined;
      await inflight.current;
      // The outbox's request must be the online one byte for byte (the API refuses a key reused for another body).
      const rec = sent
        ? await write('salvo', values, sent.key)
        : await write('salvo', { ...(form.getFieldsValue(true) as Record<string, unknown>), ...values });
      setRestoredAt(undefined);
      setRefusal(undefined);
      void flushOutbox(owner!);
      return rec;
    },
    [enabled, write, form, owner],
  );

  const clear = useCallback(async (withFiles = false) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    await inflight.current;
    const prev = draftRef.current;
    draftRef.current = undefined;
    setRestoredAt(undefined);
    if (!prev) return;
    if (withFiles) for (const key of deviceKeysIn(prev.values)) await deleteFile(deviceFileId(key));
    await deleteRecord(prev.id);
    notifyDeviceChange();
  }, []);

  return useMemo(() => ({ enabled, restoredAt, saveError, refusal, changed, queue, clear }), [enabled, restoredAt, saveError, refusal, changed, queue, clear]);
}
