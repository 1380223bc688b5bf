import type { EntitySchema } from './kinds';
import { EMPRESA_CLIENTE, companyRef } from './empresa';
import { UF_OPTIONS, imagesField, longtext } from './shared/common';
import { MATERIAL_DISCIPLINAS } from './shared/material-fields';

/** A construction site. `Id_Lista` is the site id ('101') every other module refers to. */
export const obra: EntitySchema = {
  name: 'obra',
  resource: 'obras',
  label: 'Obra',
  labelPlural: 'Obras',
  gender: 'f',
  subject: 'Obra',
  titleField: 'nome',
  obraField: 'Id_Lista',
  defaultSort: { field: 'Id_Lista', order: 'asc' },
  menu: { group: 'Obras', icon: 'HomeOutlined' },
  // The site's records, shown on its home (/obras/{obra}) as tabs and on its page.
  related: [
    { entity: 'diario', via: 'obra', label: 'Diários (RDO)' },
    { entity: 'osField', via: 'obra', label: 'OS Field' },
    { entity: 'osAutomacao', via: 'obra', label: 'OS Automação' },
    { entity: 'contrato', via: 'obra', label: 'Contratos' },
    { entity: 'material', via: 'obra', label: 'Materiais' },
    { entity: 'projeto', via: 'obra', label: 'Documentos CRE' },
    { entity: 'seguro', via: 'obra', label: 'Seguros' },
    { entity: 'diretorio', via: 'obra', label: 'Biblioteca' },
  ],
  fields: [
    { name: 'Id_Lista', kind: 'text', label: 'Código da obra', required: true, unique: true, minLength: 1, maxLength: 20, list: true, filter: true, sort: true, search: true, group: 'Identificação', placeholder: '101', width: 110, help: 'Identificador da obra usado em todo o portal (ex.: 101).' },
    { name: 'nome', kind: 'text', label: 'Nome', required: true, minLength: 3, maxLength: 150, list: true, sort: true, search: true, group: 'Identificação' },
    companyRef('cliente', 'Cliente', EMPRESA_CLIENTE, { required: true, list: true, filter: true, group: 'Identificação', help: 'Empresa cadastrada em Empresas, do tipo Cliente.' }),
    // Derived from the client company (src/server/modules/empresa.ts, companyCnpjOf): an old payload that still sends it is ignored.
    { name: 'cnpjCliente', kind: 'text', label: 'CNPJ do cliente', maxLength: 18, readOnly: true, group: 'Identificação', span: 'half', help: 'O CNPJ da empresa cliente escolhida.' },
    { name: 'tipoObra', kind: 'enum', label: 'Tipo de obra', options: ['Industrial', 'Comercial', 'Residencial', 'Infraestrutura', 'Energia', 'Saneamento'], default: 'Industrial', list: true, filter: true, group: 'Identificação', span: 'half' },
    { name: 'status', kind: 'enum', label: 'Situação', required: true, options: ['Planejamento', 'Em andamento', 'Paralisada', 'Concluída', 'Cancelada'], default: 'Planejamento', list: true, filter: true, sort: true, group: 'Identificação', span: 'half' },
    { name: 'endereco', kind: 'text', label: 'Endereço', maxLength: 200, search: true, group: 'Localização', span: 'full' },
    { name: 'cidade', kind: 'text', label: 'Cidade', maxLength: 100, list: true, filter: true, sort: true, search: true, group: 'Localização', span: 'half' },
    { name: 'uf', kind: 'enum', label: 'UF', options: UF_OPTIONS, default: 'SP', list: true, filter: true, group: 'Localização', span: 'third', width: 70 },
    { name: 'cep', kind: 'text', label: 'CEP', maxLength: 9, placeholder: '00000-000', group: 'Localização', span: 'third' },
    { name: 'dataInicio', kind: 'date', label: 'Data de início', list: true, sort: true, group: 'Prazos e valores', span: 'third' },
    { name: 'previsaoTermino', kind: 'date', label: 'Previsão de término', list: true, sort: true, group: 'Prazos e valores', span: 'third' },
    { name: 'dataConclusao', kind: 'date', label: 'Data de conclusão', group: 'Prazos e valores', span: 'third' },
    { name: 'valorContrato', kind: 'money', label: 'Valor do contrato', min: 0, max: 10_000_000_000, sort: true, group: 'Prazos e valores', span: 'half' },
    { name: 'siteManager', kind: 'person', label: 'Site manager', personRoles: ['site_manager'], list: true, group: 'Equipe', span: 'half' },
    { name: 'siteManagerSubstituto', kind: 'person', label: 'Site manager substituto', personRoles: ['site_manager', 'site_manager_substituto'], group: 'Equipe', span: 'half' },
    { name: 'coordenador', kind: 'person', label: 'Coordenador do projeto', group: 'Equipe', span: 'half' },
    { name: 'gestorLogistica', kind: 'person', label: 'Gestor de logística', group: 'Equipe', span: 'half' },
    {
      name: 'matrizResponsabilidade', kind: 'rows', label: 'Matriz de responsabilidades', group: 'Equipe', span: 'full',
      help: 'Quem responde por cada disciplina. Novas listas de materiais e diários desta obra já vêm com estas pessoas.',
      fields: [
        { name: 'disciplina', kind: 'enum', label: 'Disciplina', required: true, options: MATERIAL_DISCIPLINAS, default: 'Geral' },
        { name: 'siteManager', kind: 'person', label: 'Site manager', personRoles: ['site_manager'] },
        { name: 'substituto', kind: 'person', label: 'Substituto', personRoles: ['site_manager', 'site_manager_substituto'] },
        { name: 'verificador', kind: 'person', label: 'Verificador' },
        { name: 'coordenador', kind: 'person', label: 'Coordenador' },
        { name: 'quantificador', kind: 'person', label: 'Quantificador' },
        { name: 'planejamento', kind: 'person', label: 'Planejamento' },
      ],
    },
    { name: 'tags', kind: 'tags', label: 'Etiquetas', maxLength: 40, filter: true, group: 'Outros' },
    longtext('descricao', 'Descrição', { maxLength: 4000, group: 'Outros' }),
    imagesField('fotos', 'Galeria', { group: 'Galeria', maxFiles: 200 }),
  ],
};
