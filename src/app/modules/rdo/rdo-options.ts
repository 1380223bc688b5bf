/**
 * The site's RDO configuration as the report form uses it (GET /diarios/opcoes?obra=): the labour,
 * equipment and weather-station lists become the options of the report's fields, the mandatory
 * sections become required fields, and the shifts give a new report its weather rows and hours.
 */
import type { EntitySchema, FieldDef } from '../../../../schemas/kinds';
import { choiceValues, rdoChoices, rdoDependentChoices, stationLabel } from '../../../../schemas/configuracao-rdo';

export interface RdoOptions {
  obra: string;
  turnos: { periodo: string; inicio: string; fim: string }[];
  maoDeObra: { empresa: string; funcao: string }[];
  equipamentos: { equipamento: string }[];
  estacoes: { nome: string; codigo?: string; fonte?: string }[];
  obrigatorias: string[];
}

const asOptions = (f: FieldDef, options: string[]): FieldDef => (options.length ? { ...f, kind: 'enum', options, maxLength: undefined } : f);

/**
 * The diario schema as this site's form shows it: options from the lists, mandatory sections
 * required, and a row's dependent options (the roles of the row's company, `optionsBy`) from the
 * pairs of the lists. On edit, the values the stored report already holds stay offered (the API
 * keeps them too), so a report written before a list changed can still be saved. Offline the same:
 * the configuration comes from the device's copy of GET /diarios/opcoes (src/app/modules/aparelho/site-data.tsx).
 */
export function schemaWithRdoOptions(schema: EntitySchema, opts: RdoOptions | undefined, stored?: Record<string, unknown>): EntitySchema {
  if (!opts) return schema;
  const choices = rdoChoices(opts).map((c) =>
    c.values.length ? { ...c, values: [...new Set([...c.values, ...choiceValues(c, stored).map((v) => v.value)])] } : c,
  );
  const valuesOf = (field: string, sub?: string) => choices.find((c) => c.field === field && c.sub === sub)?.values ?? [];
  const dependent = rdoDependentChoices(schema, opts as unknown as Record<string, unknown>, stored);
  const dependentOf = (field: string, sub: FieldDef): FieldDef => {
    const d = dependent.find((c) => c.field === field && c.sub === sub.name);
    return d && sub.kind === 'enum' ? { ...sub, optionsBy: { field: d.by, options: d.values } } : sub;
  };
  const required = new Set(opts.obrigatorias ?? []);
  const fields = schema.fields.map((f): FieldDef => {
    const out = required.has(f.name) ? { ...f, required: true } : f;
    if (!choices.some((c) => c.field === f.name)) return out;
    if (!out.fields) return asOptions(out, valuesOf(f.name));
    return { ...out, fields: out.fields.map((s) => dependentOf(f.name, asOptions(s, valuesOf(f.name, s.name)))) };
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
    out.horarioFim = [...turnos]
      .map((t) => t.fim)
      .sort()
      .at(-1);
  }
  if (opts?.estacoes?.length === 1) out.estacaoMeteorologica = stationLabel(opts.estacoes[0]);
  return out;
}
