/**
 * A site's RDO configuration (`configuracaoRdo`): what its daily reports must contain. The write
 * rule below runs with every create and update of a `diario` (registered in src/server/modules/entities/diario.ts).
 */
import { choiceValues, RDO_SECTIONS, rdoChoices, rdoDependentChoices } from '../../../schemas/configuracao-rdo';
import type { EntitySchema } from '../../../schemas/kinds';
import { findField } from '../../../schemas/overlay';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import type { WriteRule } from '../crud/hooks-registry';

export interface RdoConfig {
  turnos?: { periodo: string; inicio: string; fim: string }[];
  maoDeObra?: { empresa: string; funcao: string }[];
  equipamentos?: { equipamento: string }[];
  estacoes?: { nome: string; codigo?: string; fonte?: string }[];
  obrigatorias?: Record<string, boolean>;
}

/** The configuration of one site (empty when the site has none). */
export async function loadRdoConfig(db: Db, obra: string): Promise<RdoConfig> {
  const row = await db
    .selectFrom('configuracaoRdo')
    .select(['turnos', 'maoDeObra', 'equipamentos', 'estacoes', 'obrigatorias'])
    .where('obra', '=', obra)
    .executeTakeFirst();
  return (row ?? {}) as RdoConfig;
}

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && v.length === 0);

/** Per-field messages for the mandatory sections a report leaves empty. */
export function missingSections(config: RdoConfig, report: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [name, label] of RDO_SECTIONS) {
    if (config.obrigatorias?.[name] && isEmpty(report[name])) {
      errors[name] = [`${label}: seção obrigatória nos diários desta obra.`];
    }
  }
  return errors;
}

/**
 * Per-field messages for values a report takes from outside its site's lists (labour companies and
 * roles, equipment, weather stations). A list applies only when the site configures it; values the
 * stored report already held stay accepted, so a report written before a list changed can be edited.
 */
export function offListValues(
  schema: EntitySchema,
  config: RdoConfig,
  report: Record<string, unknown>,
  stored?: Record<string, unknown>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const choice of rdoChoices(config)) {
    if (!choice.values.length) continue;
    const allowed = new Set([...choice.values, ...choiceValues(choice, stored).map((v) => v.value)]);
    for (const { row, value } of choiceValues(choice, report)) {
      if (allowed.has(value)) continue;
      const key = row === null ? choice.field : `${choice.field}.${row}.${choice.sub}`;
      const label = findField(schema, choice.sub ? `${choice.field}.${choice.sub}` : choice.field)?.label ?? choice.field;
      errors[key] = [`${label}: "${value}" não está na lista da configuração do RDO desta obra.`];
    }
  }
  // A row's dependent value must go with the row's other value (a role of the row's company).
  for (const d of rdoDependentChoices(schema, config as Record<string, unknown>, stored)) {
    const rows = Array.isArray(report[d.field]) ? (report[d.field] as unknown[]) : [];
    rows.forEach((r, i) => {
      const row = r && typeof r === 'object' ? (r as Record<string, unknown>) : {};
      const [key, value] = [row[d.by], row[d.sub]];
      const allowed = typeof key === 'string' ? d.values[key] : undefined;
      const at = `${d.field}.${i}.${d.sub}`;
      if (!allowed || typeof value !== 'string' || !value || allowed.includes(value) || errors[at]) return;
      const label = findField(schema, `${d.field}.${d.sub}`)?.label ?? d.sub;
      const byLabel = findField(schema, `${d.field}.${d.by}`)?.label ?? d.by;
      errors[at] = [`${label} "${value}" não combina com ${byLabel.toLowerCase()} "${key}" na configuração do RDO desta obra.`];
    });
  }
  return errors;
}

/**
 * A report of a site is saved only with the sections its configuration makes mandatory and with
 * values from the lists it configures.
 */
export const rdoMandatorySections: WriteRule = async ({ trx, schema, after, before }) => {
  const obra = after.obra;
  if (typeof obra !== 'string' || !obra) return;
  const config = await loadRdoConfig(trx, obra);
  const missing = missingSections(config, after);
  if (Object.keys(missing).length) {
    throw new ApiError(400, 'Preencha as seções obrigatórias do diário desta obra.', missing);
  }
  const offList = offListValues(schema, config, after, before?.obra === obra ? before : undefined);
  if (Object.keys(offList).length) {
    throw new ApiError(400, 'Escolha os valores das listas da configuração do RDO desta obra.', offList);
  }
};
