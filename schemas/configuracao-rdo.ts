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

const sectionFields: FieldDef[] = RDO_SECTIONS.map(([name, label]) => ({ name, kind: 'boolean', label }));

/**
 * Per site, what its daily reports (RDO) offer and require: the working shifts, the labour and the
 * equipment lists the report's rows pick from, the weather stations the rainfall is read at, and the
 * mandatory sections (the API refuses a report of the site without them). One record per site;
 * read and written with the `config` right on RDO (access.md decision 5: `admin_rdo`, `planejamento`).
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
      name: 'turnos', kind: 'rows', label: 'Turnos de trabalho', group: 'Turnos de trabalho', span: 'full',
      help: 'Cada turno vira uma linha de clima no novo diário; o expediente vai do início do primeiro ao fim do último.',
      fields: [
        { name: 'periodo', kind: 'enum', label: 'Período', required: true, options: ['Manhã', 'Tarde', 'Noite'], default: 'Manhã' },
        { name: 'inicio', kind: 'text', label: 'Início', required: true, minLength: 5, maxLength: 5, placeholder: '07:00' },
        { name: 'fim', kind: 'text', label: 'Fim', required: true, minLength: 5, maxLength: 5, placeholder: '12:00' },
      ],
    },
    {
      name: 'maoDeObra', kind: 'rows', label: 'Mão de obra', group: 'Mão de obra', span: 'full',
      help: 'Empresas e funções oferecidas nas linhas de mão de obra do diário.',
      fields: [
        { name: 'empresa', kind: 'text', label: 'Empresa', required: true, maxLength: 100 },
        { name: 'funcao', kind: 'text', label: 'Função', required: true, maxLength: 100 },
      ],
    },
    {
      name: 'equipamentos', kind: 'rows', label: 'Equipamentos', group: 'Equipamentos', span: 'full',
      help: 'Equipamentos oferecidos nas linhas de equipamentos do diário.',
      fields: [{ name: 'equipamento', kind: 'text', label: 'Equipamento', required: true, maxLength: 120 }],
    },
    {
      name: 'estacoes', kind: 'rows', label: 'Estações meteorológicas', group: 'Clima', span: 'full',
      help: 'Estações de onde se lê o índice de chuva da obra.',
      fields: [
        { name: 'nome', kind: 'text', label: 'Estação', required: true, maxLength: 120 },
        { name: 'codigo', kind: 'text', label: 'Código', maxLength: 20, placeholder: 'A701' },
        { name: 'fonte', kind: 'text', label: 'Fonte', maxLength: 60, placeholder: 'INMET' },
      ],
    },
    {
      name: 'obrigatorias', kind: 'object', label: 'Seções obrigatórias', group: 'Seções obrigatórias', span: 'full',
      help: 'Um diário desta obra só é salvo com as seções marcadas preenchidas.',
      fields: sectionFields,
    },
  ],
};
