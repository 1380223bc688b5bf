import { TODAY, CURRENT_USER, type EntitySchema, type Workflow } from './kinds';
import { imagesField, longtext, obraRef } from './shared/common';

export const RDO_STATUS = ['Rascunho', 'Em revisão', 'Aprovado', 'Reprovado', 'Anulado'];

/** The state of a report voided by an administrator: kept, readable, verified as voided (issue 36). */
export const RDO_VOIDED = 'Anulado';

/** The weather of a period of the daily report, best to worst (the weather service maps onto these: src/server/weather/wmo.ts). */
export const RDO_WEATHER = ['Ensolarado', 'Parcialmente nublado', 'Nublado', 'Garoa', 'Chuvoso', 'Tempestade'] as const;

/** The periods of the day of the daily report's weather rows. */
export const RDO_PERIODS = ['Manhã', 'Tarde', 'Noite'] as const;

/**
 * The states of a concluded report: locked for everyone, signed, and the only ones clients read
 * (issue 26). Leaving them, by any step, voids the signatures in force (`onLeave` below).
 */
export const RDO_CONCLUDED = ['Em revisão', 'Aprovado'];

/**
 * The states of a report that was concluded at least once, so its PDF went to the distribution list:
 * a document of record, never deleted (only voided) and read by the client's representative.
 */
export const RDO_OF_RECORD = [...RDO_CONCLUDED, 'Reprovado', RDO_VOIDED];

/**
 * The site manager writes the report and concludes it ("Concluir diário"); from then on it is a
 * document of record: locked for everyone (administrators included: `editBy: []`), signed by the
 * site manager and then by the client's representative (src/server/signatures/). `admin_rdo`
 * approves it, returns it with a comment while in review, or reopens an approved one with the
 * reason. Any step that takes a concluded report out of `RDO_CONCLUDED` (returning, reopening, an
 * administrator's "Alterar situação") voids its signatures with the reason: the workflow effect
 * `rdo-anular-assinaturas`, declared by `onLeave`, which also tells whoever received the PDF. The
 * conclusion and each signature send the PDF to the site's distribution list (`rdo-distribuir`).
 *
 * Once concluded, a report is a document of record (issue 36): it is never deleted, only a draft is
 * (`deleteIn`); an administrator voids it instead ("Anular diário", with the reason), which keeps it
 * readable, makes its verification say so, and tells the distribution list and every signer.
 */
const rdoWorkflow: Workflow = {
  field: 'status',
  initial: 'Rascunho',
  states: [
    { value: 'Rascunho', color: 'default', assignees: ['siteManager'], draft: true },
    { value: 'Em revisão', label: 'Concluído (em revisão)', color: 'gold', editBy: [] },
    { value: 'Aprovado', color: 'green', editBy: [] },
    { value: 'Reprovado', label: 'Devolvido para correção', color: 'red', assignees: ['siteManager'] },
    { value: RDO_VOIDED, label: 'Anulado', color: 'default', final: true, editBy: [] },
  ],
  deleteIn: ['Rascunho'],
  deleteRefusal:
    'Um diário concluído é um documento de registro e não pode ser excluído. Se ele não vale mais, um administrador pode anulá-lo informando o motivo.',
  ofRecord: {
    states: RDO_OF_RECORD,
    voided: RDO_VOIDED,
    message: 'Um diário concluído é um documento de registro: ele não volta para rascunho, e um diário anulado continua anulado.',
  },
  roleInbox: { 'Em revisão': ['admin_rdo'] },
  onLeave: [{ states: RDO_CONCLUDED, after: 'rdo-anular-assinaturas' }],
  transitions: [
    {
      name: 'enviar',
      label: 'Concluir diário',
      from: ['Rascunho', 'Reprovado'],
      to: 'Em revisão',
      action: 'update',
      after: 'rdo-distribuir',
      tone: 'primary',
      // Concluding makes a document of record: done from the report, after reading it, not from a mail.
      mailButton: false,
    },
    { name: 'aprovar', label: 'Aprovar diário', from: ['Em revisão'], to: 'Aprovado', action: 'manage', notify: ['siteManager'], tone: 'primary' },
    {
      name: 'devolver',
      label: 'Devolver para correção',
      from: ['Em revisão'],
      to: 'Reprovado',
      action: 'manage',
      comment: 'required',
      notify: ['siteManager'],
      tone: 'danger',
    },
    {
      name: 'reabrir',
      label: 'Reabrir diário',
      from: ['Aprovado'],
      to: 'Reprovado',
      action: 'manage',
      comment: 'required',
      notify: ['siteManager'],
      tone: 'danger',
      // A return, not pending work: an approved report stays at rest, held by nobody.
      inbox: false,
    },
    {
      name: 'anular',
      label: 'Anular diário',
      from: ['Em revisão', 'Aprovado', 'Reprovado'],
      to: RDO_VOIDED,
      action: 'manage',
      comment: 'required',
      commentLabel: 'Motivo da anulação',
      set: { anuladoEm: '$now', anuladoPor: '$actor', motivoAnulacao: '$comment' },
      notify: ['siteManager'],
      after: 'documento-avisar-anulacao',
      tone: 'danger',
      inbox: false,
    },
  ],
};

/**
 * Daily work report (RDO): weather per period, workforce, equipment, activities against the
 * work-breakdown structure, occurrences and photos, like the usual field-reporting products.
 * docs/access.md: `siteManager.mail` and `obra` (the site id) are used in permission conditions.
 */
export const diario: EntitySchema = {
  name: 'diario',
  resource: 'diarios',
  offline: true,
  label: 'Diário de obra',
  labelPlural: 'Diários de obra',
  gender: 'm',
  subject: 'RDO',
  titleField: 'data',
  obraField: 'obra',
  defaultSort: { field: 'data', order: 'desc' },
  // A spreadsheet import updates the report of the same site and number (src/server/import); a row without a number creates one.
  importKey: ['obra', 'numero'],
  menu: { group: 'Diários de obra', icon: 'ScheduleOutlined' },
  fields: [
    { name: 'data', kind: 'date', label: 'Data', required: true, default: TODAY, list: true, filter: true, sort: true, group: 'Identificação', span: 'third' },
    obraRef({ required: true, sort: true, span: 'third' }),
    {
      name: 'numero',
      kind: 'integer',
      label: 'Nº do RDO',
      min: 1,
      max: 1_000_000,
      readOnly: true,
      help: 'Próximo número da obra, atribuído ao salvar.',
      list: true,
      sort: true,
      group: 'Identificação',
      span: 'third',
      width: 90,
    },
    {
      name: 'status',
      kind: 'enum',
      label: 'Situação',
      required: true,
      readOnly: true,
      options: RDO_STATUS,
      default: 'Rascunho',
      list: true,
      filter: true,
      sort: true,
      group: 'Identificação',
      span: 'third',
    },
    {
      name: 'siteManager',
      kind: 'person',
      label: 'Site manager',
      matrixRole: 'siteManager',
      personRoles: ['site_manager', 'site_manager_substituto'],
      personOfSite: true,
      required: true,
      default: CURRENT_USER,
      list: true,
      filter: true,
      group: 'Identificação',
      span: 'half',
    },
    { name: 'horarioInicio', kind: 'text', label: 'Início do expediente', maxLength: 5, placeholder: '07:00', group: 'Identificação', span: 'third' },
    { name: 'horarioFim', kind: 'text', label: 'Fim do expediente', maxLength: 5, placeholder: '17:00', group: 'Identificação', span: 'third' },
    {
      name: 'clima',
      kind: 'rows',
      label: 'Condições climáticas',
      group: 'Clima',
      span: 'full',
      fields: [
        { name: 'periodo', kind: 'enum', label: 'Período', required: true, options: [...RDO_PERIODS], default: 'Manhã' },
        {
          name: 'tempo',
          kind: 'enum',
          label: 'Tempo',
          required: true,
          options: [...RDO_WEATHER],
          default: 'Ensolarado',
        },
        { name: 'condicao', kind: 'enum', label: 'Condição de trabalho', required: true, options: ['Praticável', 'Impraticável'], default: 'Praticável' },
        { name: 'temperaturaC', kind: 'decimal', label: 'Temperatura (°C)', scale: 1, min: -20, max: 55 },
      ],
    },
    {
      name: 'chuvaMm',
      kind: 'decimal',
      label: 'Chuva (mm)',
      scale: 2,
      min: 0,
      max: 500,
      group: 'Clima',
      span: 'third',
      help: 'Índice pluviométrico do dia, arredondado a 2 casas decimais.',
    },
    {
      name: 'estacaoMeteorologica',
      kind: 'text',
      label: 'Estação meteorológica',
      maxLength: 120,
      group: 'Clima',
      span: 'third',
      help: 'Estação de onde se leu a chuva (lista da configuração do RDO da obra).',
    },
    {
      name: 'maoDeObra',
      kind: 'rows',
      label: 'Mão de obra',
      group: 'Mão de obra',
      span: 'full',
      fields: [
        { name: 'empresa', kind: 'text', label: 'Empresa', required: true, maxLength: 100 },
        // The roles offered are those the site's RDO configuration pairs with the row's company.
        { name: 'funcao', kind: 'text', label: 'Função', required: true, maxLength: 100, optionsBy: { field: 'empresa' } },
        { name: 'quantidade', kind: 'integer', label: 'Quantidade', required: true, min: 0, max: 2000 },
      ],
    },
    {
      name: 'equipamentos',
      kind: 'rows',
      label: 'Equipamentos',
      group: 'Equipamentos',
      span: 'full',
      fields: [
        { name: 'equipamento', kind: 'text', label: 'Equipamento', required: true, maxLength: 120 },
        { name: 'quantidade', kind: 'integer', label: 'Quantidade', required: true, min: 0, max: 500 },
        { name: 'horasTrabalhadas', kind: 'decimal', label: 'Horas trabalhadas', scale: 2, min: 0, max: 24 },
        { name: 'horasParadas', kind: 'decimal', label: 'Horas paradas', scale: 2, min: 0, max: 24 },
      ],
    },
    {
      name: 'atividades',
      kind: 'rows',
      label: 'Atividades executadas',
      group: 'Atividades',
      span: 'full',
      fields: [
        { name: 'eapItem', kind: 'text', label: 'Item da EAP', maxLength: 30, placeholder: '1.2.3', eapCodeOf: { obra: 'obra' } },
        { name: 'descricao', kind: 'text', label: 'Descrição', required: true, maxLength: 300 },
        { name: 'quantidade', kind: 'decimal', label: 'Quantidade', scale: 2, min: 0, max: 1_000_000_000 },
        { name: 'unidade', kind: 'text', label: 'Unidade', maxLength: 10, placeholder: 'm²' },
        { name: 'avancoPercent', kind: 'decimal', label: 'Avanço (%)', scale: 2, min: 0, max: 100 },
      ],
    },
    longtext('ocorrencias', 'Ocorrências', { group: 'Ocorrências', search: true }),
    imagesField('fotos', 'Fotos'),
    longtext('comentariosCliente', 'Comentários do cliente', { maxLength: 4000, group: 'Cliente' }),
    { name: 'anuladoEm', kind: 'datetime', label: 'Anulado em', readOnly: true, group: 'Anulação', span: 'third' },
    { name: 'anuladoPor', kind: 'person', label: 'Anulado por', readOnly: true, group: 'Anulação', span: 'third' },
    { name: 'motivoAnulacao', kind: 'longtext', label: 'Motivo da anulação', readOnly: true, maxLength: 4000, group: 'Anulação', span: 'full' },
  ],
  workflow: rdoWorkflow,
  /** The next number of the site, assigned when the report is saved the first time. */
  numbering: { field: 'numero', format: '{#}', per: ['obra'], on: 'create' },
};
