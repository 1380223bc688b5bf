/**
 * The fields where the SLA engine (src/server/sla/) stores a record's service level, spread into
 * the fields of every schema that declares `sla`: so the table, its indexes, the list column, the
 * filters and the export follow from the schema. Set by the server only (read-only for users).
 */
import type { FieldDef } from '../kinds';
import { SLA_SITUACOES } from '../sla-types';

export const SLA_FIELD_NAMES = ['slaPrazo', 'slaSituacao', 'slaPausaMin', 'slaMetas'] as const;

/**
 * `internal` (default true): service levels are the staff's measure (deadlines, breaches,
 * escalations), so clients and partners do not receive them (docs/access.md decision 29); an
 * entity whose deadline is the client's own (the CRE approval) passes false.
 */
export function slaFields(opts: { list?: boolean; internal?: boolean } = {}): FieldDef[] {
  const list = opts.list ?? true;
  const internal = opts.internal ?? true;
  return (
    [
      {
        name: 'slaPrazo',
        kind: 'datetime',
        label: 'Prazo (SLA)',
        readOnly: true,
        list,
        sort: true,
        filter: true,
        group: 'SLA',
        span: 'third',
        help: 'O prazo aberto mais próximo, em horário comercial; vazio enquanto o prazo está pausado (a não ser que já tivesse vencido) ou não há meta aberta.',
      },
      {
        name: 'slaSituacao',
        kind: 'enum',
        label: 'Situação do SLA',
        options: [...SLA_SITUACOES],
        // Enums declare a default; the engine sets the real value (empty without a policy) in the same write.
        default: 'Em dia',
        readOnly: true,
        list,
        sort: true,
        filter: true,
        group: 'SLA',
        span: 'third',
        width: 120,
      },
      { name: 'slaPausaMin', kind: 'integer', label: 'Tempo em espera (min úteis)', min: 0, readOnly: true, group: 'SLA', span: 'third' },
      {
        name: 'slaMetas',
        kind: 'rows',
        label: 'Metas de SLA',
        readOnly: true,
        group: 'SLA',
        span: 'full',
        fields: [
          // The target's key, for the engine: people read the target by its label.
          { name: 'meta', kind: 'text', label: 'Código', maxLength: 60, hidden: true },
          { name: 'label', kind: 'text', label: 'Meta', maxLength: 120 },
          { name: 'prazo', kind: 'datetime', label: 'Prazo' },
          { name: 'cumpridoEm', kind: 'datetime', label: 'Cumprida em' },
          { name: 'violado', kind: 'boolean', label: 'Violada' },
          { name: 'pausado', kind: 'boolean', label: 'Pausada' },
        ],
      },
    ] as FieldDef[]
  ).map((f) => (internal ? { ...f, internal: true } : f));
}
