/**
 * A site's RDO configuration (`configuracaoRdo`): what its daily reports must contain. The write
 * rule below runs with every create and update of a `diario` (src/server/modules/write-rules.ts).
 */
import { RDO_SECTIONS } from '../../../schemas/configuracao-rdo';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import type { WriteRule } from '../modules/write-rules';

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

const isEmpty = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && v.length === 0);

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

/** A report of a site is saved only with the sections its configuration makes mandatory. */
export const rdoMandatorySections: WriteRule = async ({ trx, after }) => {
  const obra = after.obra;
  if (typeof obra !== 'string' || !obra) return;
  const errors = missingSections(await loadRdoConfig(trx, obra), after);
  if (Object.keys(errors).length) {
    throw new ApiError(400, 'Preencha as seções obrigatórias do diário desta obra.', errors);
  }
};
