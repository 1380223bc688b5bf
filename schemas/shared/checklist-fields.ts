/**
 * Checklist templates and filled checklists exist for both areas (FIELD and AUTOMACAO).
 *
 * Decision: one schema per area (`checklistTemplateField` / `checklistTemplateAutomacao`,
 * `checklistPreenchidoField` / `checklistPreenchidoAutomacao`) instead of one schema with an
 * `area` field. A schema has exactly one CASL subject, and docs/access.md gates the two areas with
 * different subjects: configuring is `config` on FIELD or on AUTOMACAO, filling is `create` on
 * FIELD or on AUTOMACAO (`/{obra}/checklist/{tipo}/preencher`). A single schema under FIELD would
 * lock the automation team (admin_automacao, automacao_config, automacao) out of their own
 * checklists. The field lists are shared here so both areas stay identical.
 */
import { TODAY, type FieldDef } from '../kinds';
import { CONFORMIDADE_OPTIONS, IMAGE_ACCEPT, imagesField, longtext, obraRef } from './common';
import { OS_TIPO_SERVICO } from './os-fields';

export const CHECKLIST_TIPO_RESPOSTA = ['Conforme / Não conforme', 'Sim / Não', 'Texto', 'Número', 'Foto'];

/**
 * SGI category of a template item: a "Não conforme" answer to an item of one of these opens an SGI
 * record of the area of the same name (src/server/modules/checklist-sgi.ts).
 */
export const CHECKLIST_CATEGORIAS = ['Segurança', 'Qualidade', 'Meio Ambiente'];
/** A template item outside the SGI categories (the default). */
export const SEM_CATEGORIA = 'Nenhuma';

export const CHECKLIST_TEMPLATE_FIELDS: FieldDef[] = [
  {
    name: 'nome',
    kind: 'text',
    label: 'Nome do checklist',
    required: true,
    minLength: 3,
    maxLength: 120,
    list: true,
    sort: true,
    search: true,
    group: 'Identificação',
    span: 'half',
  },
  obraRef({ label: 'Obra (vazio = todas)', span: 'half', help: 'Deixe em branco para um modelo válido em todas as obras.' }),
  {
    name: 'tipoServico',
    kind: 'enum',
    label: 'Tipo de serviço',
    required: true,
    options: OS_TIPO_SERVICO,
    default: 'Instalação',
    list: true,
    filter: true,
    group: 'Identificação',
    span: 'half',
  },
  { name: 'versao', kind: 'integer', label: 'Versão', min: 1, max: 999, default: 1, list: true, group: 'Identificação', span: 'third' },
  { name: 'ativo', kind: 'boolean', label: 'Ativo', default: true, list: true, filter: true, group: 'Identificação', span: 'third' },
  longtext('descricao', 'Descrição', { maxLength: 2000, group: 'Identificação' }),
  {
    name: 'itens',
    kind: 'rows',
    label: 'Itens do checklist',
    group: 'Itens',
    span: 'full',
    fields: [
      { name: 'ordem', kind: 'integer', label: 'Ordem', min: 1, max: 999 },
      { name: 'secao', kind: 'text', label: 'Seção', maxLength: 80 },
      { name: 'pergunta', kind: 'text', label: 'Pergunta / verificação', required: true, maxLength: 300 },
      { name: 'tipoResposta', kind: 'enum', label: 'Tipo de resposta', required: true, options: CHECKLIST_TIPO_RESPOSTA, default: 'Conforme / Não conforme' },
      { name: 'obrigatorio', kind: 'boolean', label: 'Obrigatório', default: true },
      {
        name: 'categoria',
        kind: 'enum',
        label: 'Categoria (SGI)',
        options: [SEM_CATEGORIA, ...CHECKLIST_CATEGORIAS],
        default: SEM_CATEGORIA,
        help: 'Uma resposta "Não conforme" a um item com categoria abre um registro SGI da área correspondente.',
      },
    ],
  },
];

/** Filled checklist fields; `templateRef` / `osRef` are the schema names of the same area. */
export function checklistPreenchidoFields(templateRef: string, osRef: string): FieldDef[] {
  return [
    {
      name: 'template',
      kind: 'reference',
      label: 'Modelo de checklist',
      ref: templateRef,
      required: true,
      list: true,
      filter: true,
      group: 'Identificação',
      span: 'half',
    },
    obraRef({ required: true, sort: true, span: 'half' }),
    { name: 'os', kind: 'reference', label: 'Ordem de serviço', ref: osRef, list: true, filter: true, group: 'Identificação', span: 'half' },
    { name: 'data', kind: 'date', label: 'Data', required: true, default: TODAY, list: true, sort: true, group: 'Identificação', span: 'third' },
    { name: 'executante', kind: 'person', label: 'Executante', required: true, list: true, group: 'Identificação', span: 'half' },
    {
      name: 'status',
      kind: 'enum',
      label: 'Situação',
      required: true,
      options: ['Em preenchimento', 'Concluído'],
      default: 'Em preenchimento',
      list: true,
      filter: true,
      group: 'Identificação',
      span: 'third',
    },
    {
      name: 'respostas',
      kind: 'rows',
      label: 'Respostas',
      group: 'Respostas',
      span: 'full',
      // `item` and `secao` tie an answer to its template item (`ordem`, or the item's position when
      // the template gives none); answers saved before them are matched by `pergunta`. Rules on the
      // answers (a non-conformity is described, required items answered) are in checklist-answers.ts.
      fields: [
        { name: 'item', kind: 'integer', label: 'Item', min: 1, max: 999 },
        { name: 'secao', kind: 'text', label: 'Seção', maxLength: 80 },
        { name: 'pergunta', kind: 'text', label: 'Pergunta / verificação', required: true, maxLength: 300 },
        { name: 'conformidade', kind: 'enum', label: 'Conformidade', required: true, options: CONFORMIDADE_OPTIONS, default: 'Conforme' },
        { name: 'resposta', kind: 'text', label: 'Resposta', maxLength: 500 },
        { name: 'observacao', kind: 'text', label: 'Observação', maxLength: 300 },
        { name: 'fotos', kind: 'images', label: 'Fotos', accept: IMAGE_ACCEPT, maxSizeMb: 15, maxFiles: 3 },
        // The id of the SGI record this answer opened (a number, not a reference: the record refers
        // back to this checklist, and references may not form a cycle).
        {
          name: 'registroSgi',
          kind: 'integer',
          label: 'Registro SGI',
          min: 1,
          max: 2_000_000_000,
          readOnly: true,
          recordOf: 'ticketSgi',
          help: 'Aberto pelo portal quando o item, de categoria SGI, é marcado como não conforme.',
        },
      ],
    },
    {
      name: 'resultado',
      kind: 'enum',
      label: 'Resultado',
      required: true,
      options: ['Aprovado', 'Aprovado com ressalvas', 'Reprovado'],
      default: 'Aprovado',
      list: true,
      filter: true,
      group: 'Conclusão',
      span: 'half',
    },
    longtext('observacoes', 'Observações', { maxLength: 4000, group: 'Conclusão' }),
    imagesField('fotos', 'Fotos'),
  ];
}
