import type { EntitySchema, FieldDef } from './kinds';
import { obraRef } from './shared/common';

/**
 * The sections of a daily report (diario field name → pt-BR label) a site may make mandatory.
 * Each name is a field of `diario` and a boolean sub-field of `configuracaoRdo.obrigatorias`.
 */
export const RDO_SECTIONS: readonly (readonly [string, string])[] = [
  ['clima', 'Condições climáticas'],
  ['chuvaMm', 'Chuva (mm)'],
  ['maoDeObra', 'Mão de obra'],
  ['equipamentos', 'Equipamentos'],
  ['atividades', 'Atividades executadas'],
  ['ocorrencias', 'Ocorrências'],
  ['fotos', 'Fotos'],
];

/** A weather station as the report names it: "Aracruz (A612)". */
export const stationLabel = (s: { nome: string; codigo?: string }) => (s.codigo ? `${s.nome} (${s.codigo})` : s.nome);

/** One report field (or row sub-field) that picks from a list of the site's configuration. */
export interface RdoChoice {
  /** The diario field; `sub` names the sub-field of each of its rows. */
  field: string;
  sub?: string;
  /** The configured values, sorted pt-BR; empty when the site configures none (free text). */
  values: string[];
}

const uniqueSorted = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))].sort((a, b) => a.localeCompare(b, 'pt-BR'));

/**
 * What a report of the site picks from, from its configuration's lists. The form offers these as
 * options and the API refuses other values (src/server/rdo/config.ts): one definition for both.
 */
export function rdoChoices(config: {
  maoDeObra?: { empresa?: string; funcao?: string }[] | null;
  equipamentos?: { equipamento?: string }[] | null;
  estacoes?: { nome: string; codigo?: string }[] | null;
}): RdoChoice[] {
  return [
    { field: 'maoDeObra', sub: 'empresa', values: uniqueSorted((config.maoDeObra ?? []).map((m) => m.empresa)) },
    { field: 'maoDeObra', sub: 'funcao', values: uniqueSorted((config.maoDeObra ?? []).map((m) => m.funcao)) },
    { field: 'equipamentos', sub: 'equipamento', values: uniqueSorted((config.equipamentos ?? []).map((e) => e.equipamento)) },
    { field: 'estacaoMeteorologica', values: uniqueSorted((config.estacoes ?? []).map(stationLabel)) },
  ];
}

/** The values a report holds for a choice, with the row index of each (null for a top-level field). */
export function choiceValues(choice: RdoChoice, report: Record<string, unknown> | undefined): { row: number | null; value: string }[] {
  const v = report?.[choice.field];
  if (!choice.sub) return typeof v === 'string' && v ? [{ row: null, value: v }] : [];
  if (!Array.isArray(v)) return [];
  return v.flatMap((r, row) => {
    const x = r && typeof r === 'object' ? (r as Record<string, unknown>)[choice.sub!] : undefined;
    return typeof x === 'string' && x ? [{ row, value: x }] : [];
  });
}

/** A row sub-field of the report whose options depend on another sub-field of its row (`optionsBy`). */
export interface RdoDependentChoice {
  field: string;
  sub: string;
  /** The sub-field it depends on ('empresa'). */
  by: string;
  /** Each value of `by` → the values it goes with, sorted pt-BR. */
  values: Record<string, string[]>;
}

const rowsOf = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object') : []);

/**
 * The pairs the report's dependent sub-fields pick from (the role on the company): the rows of the
 * site's configuration list of the same name pair them ({ empresa, funcao }), and the pairs a stored
 * report already holds stay valid. Only where the site configures that list; the form offers these
 * and the API refuses other pairs (src/server/rdo/config.ts): one definition for both.
 */
export function rdoDependentChoices(
  schema: Pick<EntitySchema, 'fields'>,
  config: Record<string, unknown>,
  stored?: Record<string, unknown>,
): RdoDependentChoice[] {
  return schema.fields.flatMap((f) => {
    const configured = rowsOf(config[f.name]);
    if (f.kind !== 'rows' || !configured.length) return [];
    return (f.fields ?? []).flatMap((sub) => {
      const by = sub.optionsBy?.field;
      if (!by) return [];
      const sets = new Map<string, Set<string>>();
      for (const row of [...configured, ...rowsOf(stored?.[f.name])]) {
        const [key, value] = [row[by], row[sub.name]];
        if (typeof key !== 'string' || !key || typeof value !== 'string' || !value) continue;
        sets.set(key, (sets.get(key) ?? new Set()).add(value));
      }
      const values = Object.fromEntries([...sets].map(([key, set]) => [key, uniqueSorted([...set])]));
      return [{ field: f.name, sub: sub.name, by, values }];
    });
  });
}

const sectionFields: FieldDef[] = RDO_SECTIONS.map(([name, label]) => ({ name, kind: 'boolean', label }));

/**
 * Per site, what its daily reports (RDO) offer and require: the working shifts, the labour and the
 * equipment lists the report's rows pick from, the weather stations the rainfall is read at, and the
 * mandatory sections (the API refuses a report of the site without them), and the distribution list
 * that receives each concluded or signed report's PDF (src/server/signatures/). One record per site;
 * read and written with the `config` right on RDO (docs/access.md decision 5: `admin_rdo`, `planejamento`).
 */
export const configuracaoRdo: EntitySchema = {
  name: 'configuracaoRdo',
  resource: 'configuracoes-rdo',
  label: 'Configuração do RDO',
  labelPlural: 'Configurações do RDO',
  gender: 'f',
  subject: 'RDO',
  titleField: 'obra',
  obraField: 'obra',
  defaultSort: { field: 'obra', order: 'asc' },
  actions: { list: 'config', show: 'config', create: 'config', edit: 'config', delete: 'config' },
  menu: { group: 'Diários de obra', icon: 'SettingOutlined' },
  fields: [
    obraRef({ required: true, unique: true, sort: true, span: 'half', group: 'Obra' }),
    {
      name: 'turnos',
      kind: 'rows',
      label: 'Turnos de trabalho',
      group: 'Turnos de trabalho',
      span: 'full',
      help: 'Cada turno vira uma linha de clima no novo diário; o expediente vai do início do primeiro ao fim do último.',
      fields: [
        { name: 'periodo', kind: 'enum', label: 'Período', required: true, options: ['Manhã', 'Tarde', 'Noite'], default: 'Manhã' },
        { name: 'inicio', kind: 'text', label: 'Início', required: true, minLength: 5, maxLength: 5, placeholder: '07:00' },
        { name: 'fim', kind: 'text', label: 'Fim', required: true, minLength: 5, maxLength: 5, placeholder: '12:00' },
      ],
    },
    {
      name: 'maoDeObra',
      kind: 'rows',
      label: 'Mão de obra',
      group: 'Mão de obra',
      span: 'full',
      help: 'Empresas e funções oferecidas nas linhas de mão de obra do diário.',
      fields: [
        { name: 'empresa', kind: 'text', label: 'Empresa', required: true, maxLength: 100 },
        { name: 'funcao', kind: 'text', label: 'Função', required: true, maxLength: 100 },
      ],
    },
    {
      name: 'equipamentos',
      kind: 'rows',
      label: 'Equipamentos',
      group: 'Equipamentos',
      span: 'full',
      help: 'Equipamentos oferecidos nas linhas de equipamentos do diário.',
      fields: [{ name: 'equipamento', kind: 'text', label: 'Equipamento', required: true, maxLength: 120 }],
    },
    {
      name: 'estacoes',
      kind: 'rows',
      label: 'Estações meteorológicas',
      group: 'Clima',
      span: 'full',
      help: 'Estações de onde se lê o índice de chuva da obra.',
      fields: [
        { name: 'nome', kind: 'text', label: 'Estação', required: true, maxLength: 120 },
        { name: 'codigo', kind: 'text', label: 'Código', maxLength: 20, placeholder: 'A701' },
        { name: 'fonte', kind: 'text', label: 'Fonte', maxLength: 60, placeholder: 'INMET' },
      ],
    },
    {
      name: 'distribuicao',
      kind: 'tags',
      label: 'Lista de distribuição do RDO',
      maxLength: 254,
      group: 'Distribuição',
      span: 'full',
      help: 'E-mails que recebem o PDF do diário quando ele é concluído e depois de cada assinatura.',
    },
    {
      name: 'obrigatorias',
      kind: 'object',
      label: 'Seções obrigatórias',
      group: 'Seções obrigatórias',
      span: 'full',
      help: 'Um diário desta obra só é salvo com as seções marcadas preenchidas.',
      fields: sectionFields,
    },
  ],
};
