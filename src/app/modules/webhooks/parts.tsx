/**
 * Pieces the "Webhooks" screens share (issue 41): the query key, the state and event tags, the API's
 * field errors on a form, and the secret shown once (after creation or rotation) with "Copiar segredo".
 */
import { OneTimeSecret } from '../../views/one-time-secret';
import type React from 'react';
import { Space, Tag, Tooltip, Typography, type FormInstance } from 'antd';
import type { HttpError } from '@refinedev/core';
import { WEBHOOK_HEADERS, type Webhook, type WebhookDelivery } from '../../../../resources/webhooks';
import { visuallyHidden } from '../../views/visually-hidden';
import { eventLabel } from './events';
export { visuallyHidden };

export const WEBHOOKS_KEY = ['webhooks'];

/** Tags at AA contrast (palette shade 9 on shade 1). */
const GREEN = { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' };
const RED = { color: '#820014', background: '#fff1f0', borderColor: '#ffa39e' };
const ORANGE = { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' };
const BLUE = { color: '#002c8c', background: '#e6f4ff', borderColor: '#91caff' };

const failures = (n: number) => (n === 1 ? '1 falha seguida' : `${n} falhas seguidas`);

export function WebhookStateTag({ webhook: w }: { webhook: Webhook }): React.ReactElement {
  return (
    <Space size={[4, 4]} wrap>
      {w.situacao === 'ativo' ? <Tag style={GREEN}>Ativo</Tag> : <Tag style={RED}>Pausado</Tag>}
      {w.falhasConsecutivas > 0 ? <Typography.Text type="secondary">{failures(w.falhasConsecutivas)}</Typography.Text> : null}
    </Space>
  );
}

export const DELIVERY_STATE: Record<WebhookDelivery['situacao'], { label: string; style: React.CSSProperties }> = {
  pendente: { label: 'Pendente', style: BLUE },
  entregue: { label: 'Entregue', style: GREEN },
  falhou: { label: 'Falhou (nova tentativa)', style: ORANGE },
  desistiu: { label: 'Abandonada', style: RED },
};

export const deliveryStateTag = (s: WebhookDelivery['situacao']) => <Tag style={DELIVERY_STATE[s].style}>{DELIVERY_STATE[s].label}</Tag>;

/** The events as tags: the first `max`, then "+N" with the rest in a tooltip. */
export function EventTags({ events, max = 3 }: { events: string[]; max?: number }): React.ReactElement {
  const rest = events.slice(max);
  return (
    <Space size={[4, 4]} wrap style={{ minWidth: 0 }}>
      {events.slice(0, max).map((e) => (
        <Tag key={e} title={eventLabel(e)} style={{ marginInlineEnd: 0, maxWidth: '100%', whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
          {e}
        </Tag>
      ))}
      {rest.length ? (
        <Tooltip title={rest.join(', ')}>
          <Tag style={{ marginInlineEnd: 0 }} data-testid="mais-eventos">
            +{rest.length}
            <span style={visuallyHidden}> ({rest.join(', ')})</span>
          </Tag>
        </Tooltip>
      ) : null}
    </Space>
  );
}

/** The API's per-field 400 errors under the inputs; true when some field took one. */
export function showFieldErrors(form: FormInstance, fields: readonly string[], error: unknown): boolean {
  const errors = ((error as HttpError).errors ?? {}) as Record<string, string[]>;
  form.setFields(fields.map((name) => ({ name, errors: errors[name] ?? [] })));
  return fields.some((f) => errors[f]);
}

/** The signing secret with its copy button; the only place it is ever shown. */
export function ShownSecret({ secret }: { secret: string }): React.ReactElement {
  return (
    <OneTimeSecret
      value={secret}
      label="Segredo de assinatura"
      testId="segredo-webhook"
      warning={{
        message: 'Copie o segredo agora: ele não será mostrado de novo.',
        description: 'Guarde-o no sistema que recebe as entregas: ele confere a assinatura de cada uma. Se o segredo se perder, use “Rotacionar segredo”.',
      }}
      copy={{ label: 'Copiar segredo', done: 'Copiado', failed: 'Não foi possível copiar neste navegador: selecione o segredo e copie-o à mão.' }}
    >
      <Typography.Text type="secondary">
        Cada entrega traz <Typography.Text code>{WEBHOOK_HEADERS.signature}</Typography.Text>: o HMAC-SHA256 de “timestamp.corpo” com este segredo (veja a
        documentação da API).
      </Typography.Text>
    </OneTimeSecret>
  );
}
