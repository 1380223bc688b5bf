/** One audit entry opened in the table: what changed (from → to), the module, the device and the request's code. */
import React from 'react';
import { Descriptions, Typography } from 'antd';
import { schemaByResource } from '../../../../schemas/index';
import { auditModuleLabel, auditSummary, type AuditEntry } from '../../../../resources/audit';

export type { AuditEntry };

/** A value as one readable line (lists joined, objects as JSON). */
function show(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ') || '—';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export function AuditDetails({ entry }: { entry: AuditEntry }): React.ReactElement {
  const changes = (entry.detalhes.alteracoes ?? {}) as Record<string, { de?: unknown; para?: unknown }>;
  const schema = schemaByResource(entry.modulo ?? '');
  const label = (name: string) => schema?.fields.find((f) => f.name === name)?.label ?? name;
  const summary = auditSummary(entry);
  return (
    <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Descriptions size="small" column={1} bordered>
        {summary ? <Descriptions.Item label="Resumo">{summary}</Descriptions.Item> : null}
        {entry.modulo ? (
          <Descriptions.Item label="Módulo">
            {auditModuleLabel(entry.modulo)}
            {entry.registro ? ` nº ${entry.registro}` : ''}
          </Descriptions.Item>
        ) : null}
        {Object.entries(changes).map(([name, c]) => (
          <Descriptions.Item key={name} label={label(name)}>
            <Typography.Text delete type="secondary">
              {show(c?.de)}
            </Typography.Text>{' '}
            → <span>{show(c?.para)}</span>
          </Descriptions.Item>
        ))}
        <Descriptions.Item label="IP">{entry.ip || '—'}</Descriptions.Item>
        <Descriptions.Item label="Dispositivo">{entry.dispositivo || '—'}</Descriptions.Item>
        {entry.requestId ? (
          <Descriptions.Item label="Código da requisição">
            <Typography.Text copyable={{ text: entry.requestId, tooltips: ['Copiar código', 'Copiado'] }}>{entry.requestId}</Typography.Text>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </div>
  );
}
