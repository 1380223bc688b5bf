/**
 * The site's RDO configuration as the report form uses it (GET /diarios/opcoes?obra=): the labour,
 * equipment and weather-station lists become the options of the report's fields, the mandatory
 * sections become required fields, and the shifts give a new report its weather rows and hours.
 */
import type { EntitySchema, FieldDef } from '../../../../schemas/kinds';

export interface RdoOptions {
  obra: string;
  turnos: { periodo: string; inicio: string; fim: string }[];
  maoDeObra: { empresa: string; funcao: string }[];
  equipamentos: { equipamento: string }[];
  estacoes: { nome: string; codigo?: string; fonte?: string }[];
  obrigatorias: string[];
}

const unique = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))].sort((a, b) => a.localeCompare(b, 'pt-BR'));
const asOptions = (f: FieldDef, options: string[]): FieldDef => (options.length ? { ...f, kind: 'enum', options, maxLength: undefined } : f);
export const stationLabel = (s: RdoOptions['estacoes'][number]) => (s.codigo ? `${s.nome} (${s.codigo})` : s.nome);

/** The diario schema as this site's form shows it: options from the lists, mandatory sections required. */
export function schemaWithRdoOptions(schema: EntitySchema, opts: RdoOptions | undefined): EntitySchema {
  if (!opts) return schema;
  const empresas = unique((opts.maoDeObra ?? []).map((m) => m.empresa));
  const funcoes = unique((opts.maoDeObra ?? []).map((m) => m.funcao));
  const equipamentos = unique((opts.equipamentos ?? []).map((e) => e.equipamento));
  const estacoes = unique((opts.estacoes ?? []).map(stationLabel));
  const required = new Set(opts.obrigatorias ?? []);
  const fields = schema.fields.map((f): FieldDef => {
    let out = required.has(f.name) ? { ...f, required: true } : f;
    if (f.name === 'maoDeObra') {
      out = { ...out, fields: f.fields!.map((s) => (s.name === 'empresa' ? asOptions(s, empresas) : s.name === 'funcao' ? asOptions(s, funcoes) : s)) };
    } else if (f.name === 'equipamentos') {
      out = { ...out, fields: f.fields!.map((s) => (s.name === 'equipamento' ? asOptions(s, equipamentos) : s)) };
    } else if (f.name === 'estacaoMeteorologica') {
      out = asOptions(out, estacoes);
    }
    return out;
  });
  return { ...schema, fields };
}

/** A new report's values from the site's shifts: one weather row per shift, the day from the first start to the last end. */
export function defaultsFromShifts(opts: RdoOptions | undefined): Record<string, unknown> {
  const turnos = opts?.turnos ?? [];
  const out: Record<string, unknown> = {};
  if (turnos.length) {
    out.clima = turnos.map((t) => ({ periodo: t.periodo, tempo: 'Ensolarado', condicao: 'Praticável' }));
    out.horarioInicio = [...turnos].map((t) => t.inicio).sort()[0];
    out.horarioFim = [...turnos].map((t) => t.fim).sort().at(-1);
  }
  if (opts?.estacoes?.length === 1) out.estacaoMeteorologica = stationLabel(opts.estacoes[0]);
  return out;
}
