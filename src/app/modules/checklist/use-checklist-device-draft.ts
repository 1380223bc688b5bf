/**
 * The checklist fill page on the device (issue 26), as the generic form: what is typed is kept as a
 * device draft and put back when the page opens again; "Salvar" without network, or with photos
 * still on the device, queues the checklist in the outbox and opens "No aparelho".
 * The page keeps its values in React state, not in an antd form: the draft reads and restores them
 * through a small stand-in for the form instance (the only two calls useDeviceDraft makes).
 * The online save carries an `Idempotency-Key` per submit; a save without answer goes to the outbox
 * as sent, with that key (the server may have saved it: the outbox's send then gets that answer).
 */
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useGetIdentity, type HttpError } from '@refinedev/core';
import type { FormInstance } from 'antd';
import type { EntitySchema } from '../../../../schemas/kinds';
import { formatValue } from '../../fields/format-value';
import { useDeviceDraft } from '../../offline/use-device-draft';
import { useQueuedNotice } from '../../offline/draft-banner';
import { deviceKeysIn } from '../../offline/device-files';
import { useSubmitKey } from '../../providers/idempotency';

export function useChecklistDeviceDraft({
  schema,
  ready,
  values,
  restore,
}: {
  schema: EntitySchema;
  /** The page's sources are loaded (a draft is put back only then). */
  ready: boolean;
  /** The page's values as they would be kept on the device. */
  values: () => Record<string, unknown>;
  /** Puts a draft's values back into the page. */
  restore: (values: Record<string, unknown>) => void;
}) {
  const { data: identity } = useGetIdentity<{ email?: string }>();
  const owner = identity?.email;
  const location = useLocation();
  const navigate = useNavigate();
  const notice = useQueuedNotice();
  const latest = useRef({ values, restore });
  useEffect(() => {
    latest.current = { values, restore };
  });
  const form = useMemo(
    () =>
      ({
        getFieldsValue: () => latest.current.values(),
        setFieldsValue: (v: Record<string, unknown>) => latest.current.restore(v),
      }) as unknown as FormInstance,
    [],
  );
  const draft = useDeviceDraft({ schema, action: 'create', form, owner, ready, path: location.pathname, formatValue });
  const submitKey = useSubmitKey();

  async function queue(body: Record<string, unknown>, sent?: { key: string }): Promise<boolean> {
    if (!draft.enabled) return false;
    const queued = await draft.queue(body, sent).catch((err: Error) => {
      notice.failed(err.message);
      return undefined;
    });
    if (!queued) return false;
    notice.queued(schema, queued);
    navigate('/no-aparelho');
    return true;
  }

  return {
    draft,
    /** The owner of the photos kept on the device (DeviceFilesContext), when drafts are on. */
    filesOwner: draft.enabled ? owner : undefined,
    /** The body goes to the outbox rather than to the API: no network, or photos still on the device. */
    mustQueue: (body: Record<string, unknown>) => draft.enabled && (!navigator.onLine || deviceKeysIn(body).length > 0),
    /** Queues the body (exactly what the page would POST) and opens "No aparelho"; false when it could not. */
    queue: (body: Record<string, unknown>) => queue(body),
    /** The `meta` of the online save of `body` (its submit's `Idempotency-Key`). */
    keyFor: (body: Record<string, unknown>) => ({ idempotencyKey: submitKey.next(body) }),
    /** The online save succeeded: the draft goes, the next save gets a new key. */
    saved: () => {
      submitKey.settle();
      void draft.clear();
    },
    /** The online save failed: without network it is queued as sent, with its key (true then). */
    failed: async (err: HttpError, body: Record<string, unknown>): Promise<boolean> => {
      const key = submitKey.current();
      submitKey.settle(err);
      return err.statusCode === 0 && !!key && queue(body, { key });
    },
  };
}
