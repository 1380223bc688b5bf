import type { EntitySchema } from './kinds';
import { UF_OPTIONS, longtext, obraRef } from './shared/common';
import { EMPRESA_ESCRITORIO } from './empresa';

export const PROCESSO_STATUS = ['Em andamento', 'Suspenso', 'Em acordo', 'Sentenciado', 'Em recurso', 'Arquivado'];

/**
 * A legal case (civil or labour). docs/access.md: `responsavelDp.mail` (upload_dp) and
 * `responsavelSeg.mail` (upload_seg) are used in permission conditions.
 */
export const processoJuridico: EntitySchema = {
  name: 'processoJuridico',
  resource: 'processos-juridicos',
  label: 'Processo jurídico',
  labelPlural: 'Processos jurídicos',
  gender: 'm',
  subject: 'ProcessoJuridico',
  titleField: 'numero',
  obraField: 'obra',
  defaultSort: { field: 'dataDistribuicao', order: 'desc' },
  menu: { group: 'Jurídico', icon: 'BankOutlined' },
  related: [{ entity: 'documentoJuridico', via: 'processo', label: 'Documentos do processo' }],
  fields: [
    { name: 'numero', kind: 'text', label: 'Nº do processo (CNJ)', required: true, unique: true, minLength: 20, maxLength: 25, placeholder: '0000000-00.0000.0.00.0000', list: true, sort: true, search: true, group: 'Processo', span: 'half', width: 220 },
    { name: 'tipo', kind: 'enum', label: 'Tipo', required: true, options: ['Cível', 'Trabalhista'], default: 'Cível', list: true, filter: true, group: 'Processo', span: 'third' },
    { name: 'status', kind: 'enum', label: 'Situação', required: true, options: PROCESSO_STATUS, default: 'Em andamento', list: true, filter: true, sort: true, group: 'Processo', span: 'third' },
    { name: 'polo', kind: 'enum', label: 'Polo da empresa', required: true, options: ['Passivo', 'Ativo'], default: 'Passivo', filter: true, group: 'Processo', span: 'third' },
    obraRef({ group: 'Processo', span: 'third' }),
    {
      name: 'partes', kind: 'rows', label: 'Partes', group: 'Partes', span: 'full',
      fields: [
        { name: 'nome', kind: 'text', label: 'Nome', required: true, maxLength: 150 },
        { name: 'papel', kind: 'enum', label: 'Papel', required: true, options: ['Autor', 'Réu', 'Reclamante', 'Reclamada', 'Terceiro interessado'], default: 'Autor' },
        { name: 'documento', kind: 'text', label: 'CPF / CNPJ', maxLength: 18 },
      ],
    },
    { name: 'parteContraria', kind: 'text', label: 'Parte contrária', required: true, maxLength: 150, list: true, search: true, group: 'Partes', span: 'half' },
    { name: 'vara', kind: 'text', label: 'Vara', maxLength: 120, group: 'Juízo', span: 'half' },
    { name: 'comarca', kind: 'text', label: 'Comarca', maxLength: 100, filter: true, group: 'Juízo', span: 'third' },
    { name: 'uf', kind: 'enum', label: 'UF', options: UF_OPTIONS, default: 'SP', filter: true, group: 'Juízo', span: 'third' },
    { name: 'tribunal', kind: 'text', label: 'Tribunal', maxLength: 20, placeholder: 'TJSP', filter: true, group: 'Juízo', span: 'third' },
    { name: 'escritorio', kind: 'reference', label: 'Escritório parceiro', ref: 'empresa', refKey: 'cnpj', refFilter: { tipo: EMPRESA_ESCRITORIO }, maxLength: 18, filter: true, group: 'Juízo', span: 'half' },
    { name: 'advogado', kind: 'text', label: 'Advogado responsável', maxLength: 120, group: 'Juízo', span: 'half' },
    { name: 'dataDistribuicao', kind: 'date', label: 'Data de distribuição', list: true, sort: true, group: 'Valores e prazos', span: 'third' },
    { name: 'proximaAudiencia', kind: 'datetime', label: 'Próxima audiência', list: true, sort: true, group: 'Valores e prazos', span: 'third' },
    { name: 'valorCausa', kind: 'money', label: 'Valor da causa', min: 0, max: 10_000_000_000, list: true, sort: true, group: 'Valores e prazos', span: 'third' },
    { name: 'valorProvisionado', kind: 'money', label: 'Valor provisionado', min: 0, max: 10_000_000_000, sort: true, group: 'Valores e prazos', span: 'third' },
    { name: 'probabilidadePerda', kind: 'enum', label: 'Probabilidade de perda', options: ['Remota', 'Possível', 'Provável'], default: 'Possível', filter: true, group: 'Valores e prazos', span: 'third' },
    { name: 'responsavelDp', kind: 'person', label: 'Responsável DP', group: 'Responsáveis', span: 'half', help: 'Envia os documentos do departamento pessoal.' },
    { name: 'responsavelSeg', kind: 'person', label: 'Responsável Segurança do Trabalho', group: 'Responsáveis', span: 'half', help: 'Envia os documentos de segurança do trabalho.' },
    longtext('objeto', 'Objeto / pedidos', { maxLength: 8000, search: true, group: 'Detalhes' }),
    longtext('observacoes', 'Observações', { maxLength: 4000, group: 'Detalhes' }),
  ],
};
