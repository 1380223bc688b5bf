/**
 * The webhook event catalogue as the admin screen offers it (issue 41): the record events of each
 * entity (resources/webhooks.ts suffixes, and one per step of its workflow), grouped by entity, plus
 * the other events. Labels in pt-BR; the stored names stay the catalogue's (`contratos.criado`).
 */
import { SCHEMAS, schemaByResource } from '../../../../schemas/index';
import { WEBHOOK_OTHER_EVENTS, WEBHOOK_RECORD_EVENTS } from '../../../../resources/webhooks';

export interface EventOption {
  value: string;
  label: string;
}

export interface EventGroup {
  label: string;
  title: string;
  options: EventOption[];
}

const OTHER = WEBHOOK_OTHER_EVENTS as Record<string, string>;
const RECORD = WEBHOOK_RECORD_EVENTS as Record<string, string>;

/** The select's groups: the other events first, then the entities by name. */
export function eventGroups(): EventGroup[] {
  const others: EventGroup = {
    label: 'Eventos do sistema',
    title: 'Eventos do sistema',
    options: Object.entries(OTHER).map(([value, label]) => ({ value, label: `${label} (${value})` })),
  };
  const entities = [...SCHEMAS]
    .sort((a, b) => a.labelPlural.localeCompare(b.labelPlural, 'pt-BR'))
    .map((s) => ({
      label: s.labelPlural,
      title: s.labelPlural,
      options: [
        ...Object.entries(RECORD).map(([suffix, label]) => ({ value: `${s.resource}.${suffix}`, label: `${s.labelPlural}: ${label.toLowerCase()}` })),
        ...(s.workflow?.transitions ?? []).map((t) => ({ value: `${s.resource}.transicao.${t.name}`, label: `${s.labelPlural}: passo “${t.label}”` })),
      ],
    }));
  return [others, ...entities];
}

/** An event's name as people read it ("Contratos: registro criado"); the raw name when unknown. */
export function eventLabel(name: string): string {
  if (OTHER[name]) return OTHER[name];
  const [resource, suffix, step] = name.split('.');
  const schema = schemaByResource(resource);
  if (!schema || !suffix) return name;
  if (suffix === 'transicao' && step) {
    const t = schema.workflow?.transitions.find((x) => x.name === step);
    return `${schema.labelPlural}: passo “${t?.label ?? step}”`;
  }
  return RECORD[suffix] ? `${schema.labelPlural}: ${RECORD[suffix].toLowerCase()}` : name;
}
