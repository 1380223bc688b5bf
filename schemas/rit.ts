import { CURRENT_USER, type EntitySchema, type FieldDef, type Workflow, type WorkflowTransition } from './kinds';
import { EMPRESA_FORNECEDOR, companyRef } from './empresa';
import { CONFORMIDADE_OPTIONS, attachmentsField, imagesField, longtext, obraRef } from './shared/common';

/** The states in which an RIT is a document of record: locked, signed, read by the client's representative. */
export const RIT_OF_RECORD = ['Emitido', 'Assinado'];

/**
 * The state of an issued report returned for correction ("Devolver para correção"), like the daily
 * report's "Reprovado": its signatures voided, editable by its inspector, issued again from there;
 * never a draft again (it was handed out), so never deleted, and not read by the client meanwhile.
 */
export const RIT_RETURNED = 'Devolvido';

/**
 * The state of a report voided by an administrator (issue 36, like the daily report's): kept,
 * readable (by the client's representative too), verified as voided, never left.
 */
export const RIT_VOIDED = 'Anulado';

/** The severity of a finding (the SGI's own scale, so an SGI record opened from it keeps it). */
export const RIT_SEVERIDADES = ['Baixa', 'Média', 'Alta', 'Crítica'];

/**
 * A step that opens a record from one of the report's findings (issue 40), by its inspector, in any
 * state but voided, keeping the report's state and content (so its signatures): asks for the finding's
 * number (and what the record needs); the effect `rit-<name>` (src/server/rit/findings.ts) creates the
 * record linked back to the report (its `rit` and `ritConstatacao`), once per finding.
 */
const findingStep = (name: string, label: string, asks: string[]): WorkflowTransition => ({
  name,
  label,
  from: ['Rascunho', 'Emitido', RIT_RETURNED, 'Assinado'],
  action: 'update',
  by: ['inspetor'],
  asks,
  after: `rit-${name}`,
  inbox: false,
  mailButton: false,
});

/** The finding a step opens a record from (asked by the step, never edited on the form). */
const findingNumber = (name: string, opens: string): FieldDef => ({
  name,
  kind: 'integer',
  label: 'Nº da constatação',
  min: 1,
  max: 200,
  readOnly: true,
  hidden: true,
  help: `A constatação (1 para a primeira da lista) que abre ${opens}.`,
});

/**
 * The inspector writes the report and issues it ("Emitir relatório"); from then on it is a document
 * of record like the daily report (src/server/signatures/): locked for everyone (`editBy: []`),
 * signed by the inspector and then by the client's representative of the site; the last signature
 * moves it to "Assinado" (src/server/rit/signed-document.ts) and sends the signed PDF to the site's
 * distribution list. Returned while issued ("Devolver para correção", reason required) it becomes
 * "Devolvido para correção" (`RIT_RETURNED`, the daily report's "Reprovado"): its signatures are
 * voided (`onLeave`) and whoever received it or signed it is told; its inspector corrects it and
 * issues it again ("Emitir relatório"), to be signed anew. Once issued it never goes back to draft
 * nor is deleted (`ofRecord`, `deleteIn`); an administrator voids it instead ("Anular RIT", with the
 * reason, issue 36), which keeps it readable, makes its verification say so, voids its signatures
 * and tells the distribution list and every signer (`documento-avisar-anulacao`); a voided report
 * stays voided. Each finding may open an SGI record ("Abrir registro no SGI") and a punch item of the
 * site ("Abrir item de verificação", for the responsible company asked), each linked back to the
 * report.
 */
const ritWorkflow: Workflow = {
  field: 'status',
  initial: 'Rascunho',
  states: [
    { value: 'Rascunho', color: 'default', assignees: ['inspetor'], draft: true },
    { value: 'Emitido', label: 'Emitido (aguardando assinaturas)', color: 'gold', editBy: [], assignees: ['inspetor'] },
    { value: 'Assinado', color: 'green', final: true, editBy: [] },
    { value: RIT_RETURNED, label: 'Devolvido para correção', color: 'red', assignees: ['inspetor'] },
    { value: RIT_VOIDED, label: 'Anulado', color: 'default', final: true, editBy: [] },
  ],
  deleteIn: ['Rascunho'],
  deleteRefusal:
    'Um RIT emitido é um documento de registro e não pode ser excluído. Se ele precisa de correção, devolva-o para correção e emita-o de novo; se ele não vale mais, um administrador pode anulá-lo informando o motivo.',
  ofRecord: {
    states: [...RIT_OF_RECORD, RIT_RETURNED, RIT_VOIDED],
    voided: RIT_VOIDED,
    message: 'Um RIT emitido é um documento de registro: ele não volta para rascunho, e um RIT anulado continua anulado.',
  },
  onLeave: [{ states: RIT_OF_RECORD, after: 'rit-anular-assinaturas' }],
  transitions: [
    {
      name: 'emitir',
      label: 'Emitir relatório',
      from: ['Rascunho', RIT_RETURNED],
      to: 'Emitido',
      action: 'update',
      by: ['inspetor'],
      tone: 'primary',
      // Issuing makes a document of record: done from the report, after reading it, not from a mail.
      mailButton: false,
    },
    {
      name: 'devolver',
      label: 'Devolver para correção',
      from: ['Emitido'],
      to: RIT_RETURNED,
      action: 'update',
      by: ['inspetor'],
      comment: 'required',
      notify: ['inspetor'],
      tone: 'danger',
      inbox: false,
    },
    {
      // Taken by the portal at the last signature; by hand only once every signature is in force.
      name: 'concluir-assinaturas',
      label: 'Concluir assinaturas',
      from: ['Emitido'],
      to: 'Assinado',
      action: 'manage',
      guard: 'rit-assinaturas-completas',
      after: 'rit-distribuir',
      inbox: false,
      mailButton: false,
    },
    findingStep('abrir-sgi', 'Abrir registro no SGI', ['constatacaoSgi']),
    findingStep('abrir-item-verificacao', 'Abrir item de verificação', ['constatacaoItem', 'empresaItem']),
    {
      name: 'anular',
      label: 'Anular RIT',
      from: [...RIT_OF_RECORD, RIT_RETURNED],
      to: RIT_VOIDED,
      action: 'manage',
      comment: 'required',
      commentLabel: 'Motivo da anulação',
      set: { anuladoEm: '$now', anuladoPor: '$actor', motivoAnulacao: '$comment' },
      notify: ['inspetor'],
      after: 'documento-avisar-anulacao',
      tone: 'danger',
      inbox: false,
      mailButton: false,
    },
  ],
};

/**
 * Technical inspection report (RIT), a document of record like the daily report (issue 40).
 *
 * Subject: `RIT`, its own (docs/access.md decision 37). Technical inspections (receiving, assembly,
 * commissioning) are carried out by the field-services team, so the FIELD roles hold it: admin_field
 * manages, `field` reads and creates, the inspector it names edits it and takes its steps
 * (src/access/rules/ordens-servico.ts); the client's representative of the site reads it once issued
 * and signs it (client.ts). It was FIELD until that read rule gave clients the FIELD menus.
 */
export const rit: EntitySchema = {
  name: 'rit',
  resource: 'rits',
  label: 'Relatório de inspeção técnica',
  labelPlural: 'Relatórios de inspeção técnica (RIT)',
  gender: 'm',
  subject: 'RIT',
  titleField: 'titulo',
  obraField: 'obra',
  defaultSort: { field: 'data', order: 'desc' },
  menu: { group: 'Field e automação', icon: 'FileSearchOutlined' },
  fields: [
    {
      name: 'numero',
      kind: 'text',
      label: 'Nº do RIT',
      readOnly: true,
      unique: true,
      maxLength: 30,
      help: 'Próximo número da obra, atribuído ao salvar.',
      list: true,
      sort: true,
      search: true,
      group: 'Identificação',
      span: 'third',
      width: 130,
    },
    obraRef({ required: true, span: 'third' }),
    { name: 'data', kind: 'date', label: 'Data da inspeção', required: true, list: true, sort: true, group: 'Identificação', span: 'third' },
    {
      name: 'titulo',
      kind: 'text',
      label: 'Título',
      required: true,
      minLength: 3,
      maxLength: 150,
      list: true,
      search: true,
      group: 'Identificação',
      span: 'full',
    },
    {
      name: 'tipoInspecao',
      kind: 'enum',
      label: 'Tipo de inspeção',
      required: true,
      options: ['Recebimento', 'Montagem', 'Comissionamento', 'Periódica', 'Pós-venda'],
      default: 'Recebimento',
      list: true,
      filter: true,
      group: 'Identificação',
      span: 'half',
    },
    { name: 'inspetor', kind: 'person', label: 'Inspetor', required: true, default: CURRENT_USER, list: true, group: 'Identificação', span: 'half' },
    { name: 'equipamento', kind: 'text', label: 'Equipamento / sistema inspecionado', maxLength: 150, search: true, group: 'Identificação', span: 'half' },
    {
      name: 'status',
      kind: 'enum',
      label: 'Situação',
      required: true,
      // Adding "Devolvido" widens the CHECK of the options on upgrade; every stored value stays valid.
      options: ['Rascunho', ...RIT_OF_RECORD, RIT_RETURNED, RIT_VOIDED],
      /*
       * Before issue 40 the report had no workflow and a hand-set "Revisado" (reviewed after issuing).
       * It had been issued but nobody had signed it, so on upgrade it becomes "Emitido" (aguardando
       * assinaturas): locked, read by the client's representative, and signed by the inspector and then
       * the client like any issued report. "Assinado" would claim signatures that do not exist. Its
       * hand-typed `numero` is kept (the site's counter continues after the highest number it matches).
       */
      formerOptions: { Revisado: 'Emitido' },
      default: 'Rascunho',
      readOnly: true,
      list: true,
      filter: true,
      group: 'Identificação',
      span: 'third',
    },
    {
      name: 'itens',
      kind: 'rows',
      label: 'Itens inspecionados',
      group: 'Inspeção',
      span: 'full',
      fields: [
        { name: 'item', kind: 'text', label: 'Item', required: true, maxLength: 200 },
        { name: 'criterio', kind: 'text', label: 'Critério de aceitação', maxLength: 300 },
        { name: 'resultado', kind: 'enum', label: 'Resultado', required: true, options: CONFORMIDADE_OPTIONS, default: 'Conforme' },
        { name: 'observacao', kind: 'text', label: 'Observação', maxLength: 300 },
      ],
    },
    {
      name: 'conclusao',
      kind: 'enum',
      label: 'Conclusão',
      required: true,
      options: ['Aprovado', 'Aprovado com ressalvas', 'Reprovado'],
      default: 'Aprovado',
      list: true,
      filter: true,
      group: 'Conclusão',
      span: 'half',
    },
    {
      name: 'constatacoes',
      kind: 'rows',
      label: 'Constatações',
      group: 'Constatações',
      span: 'full',
      help: 'Cada constatação pode abrir um registro no SGI ("Abrir registro no SGI") e um item de verificação da obra ("Abrir item de verificação"), pelo número da constatação.',
      fields: [
        { name: 'descricao', kind: 'text', label: 'Descrição', required: true, maxLength: 500 },
        { name: 'severidade', kind: 'enum', label: 'Severidade', required: true, options: RIT_SEVERIDADES, default: 'Média' },
        imagesField('foto', 'Foto', { maxFiles: 4, group: undefined }),
      ],
    },
    findingNumber('constatacaoSgi', 'o registro no SGI'),
    findingNumber('constatacaoItem', 'o item de verificação'),
    companyRef('empresaItem', 'Empresa responsável pela correção', EMPRESA_FORNECEDOR, {
      readOnly: true,
      hidden: true,
      help: 'Fornecedor ou subempreiteiro cadastrado em Empresas que corrige o item de verificação.',
    }),
    longtext('recomendacoes', 'Recomendações', { maxLength: 4000, group: 'Conclusão' }),
    imagesField('fotos', 'Fotos'),
    attachmentsField('anexos', 'Anexos'),
    // Stamped by "Anular RIT" (read-only: not content, so not in the signed hash).
    { name: 'anuladoEm', kind: 'datetime', label: 'Anulado em', readOnly: true, group: 'Anulação', span: 'third' },
    { name: 'anuladoPor', kind: 'person', label: 'Anulado por', readOnly: true, group: 'Anulação', span: 'third' },
    { name: 'motivoAnulacao', kind: 'longtext', label: 'Motivo da anulação', readOnly: true, maxLength: 4000, group: 'Anulação', span: 'full' },
  ],
  workflow: ritWorkflow,
  /** RIT-101-001: the site and its own counter, assigned when the report is saved the first time. */
  numbering: { field: 'numero', format: 'RIT-{obra}-{###}', on: 'create' },
  related: [
    { entity: 'ticketSgi', via: 'rit', label: 'Registros SGI das constatações' },
    { entity: 'itemVerificacao', via: 'rit', label: 'Itens de verificação das constatações' },
  ],
};
