import type { EntitySchema } from './kinds';
import { attachmentsField, imagesField, longtext } from './shared/common';

/** A product of the catalogue (also used in contracts, manufacturing and TAF). */
export const produto: EntitySchema = {
  name: 'produto',
  resource: 'produtos',
  label: 'Produto',
  labelPlural: 'Produtos',
  gender: 'm',
  subject: 'Produto',
  titleField: 'nome',
  defaultSort: { field: 'nome', order: 'asc' },
  menu: { group: 'Produtos', icon: 'AppstoreOutlined' },
  related: [
    { entity: 'taf', via: 'produto', label: 'TAF (testes de aceitação em fábrica)' },
    { entity: 'fabricacao', via: 'produto', label: 'Fabricações' },
  ],
  fields: [
    { name: 'codigo', kind: 'text', label: 'Código', required: true, unique: true, maxLength: 30, list: true, sort: true, search: true, group: 'Identificação', span: 'third', width: 120 },
    { name: 'nome', kind: 'text', label: 'Nome', required: true, minLength: 2, maxLength: 150, list: true, sort: true, search: true, group: 'Identificação', span: 'full' },
    { name: 'categoria', kind: 'enum', label: 'Categoria', required: true, options: ['Equipamento', 'Painel elétrico', 'Estrutura metálica', 'Componente', 'Sistema de automação', 'Serviço'], default: 'Equipamento', list: true, filter: true, group: 'Identificação', span: 'half' },
    { name: 'unidade', kind: 'text', label: 'Unidade', required: true, maxLength: 10, default: 'un', list: true, group: 'Identificação', span: 'third' },
    { name: 'fabricante', kind: 'text', label: 'Fabricante', maxLength: 120, filter: true, search: true, group: 'Identificação', span: 'half' },
    { name: 'modelo', kind: 'text', label: 'Modelo', maxLength: 120, search: true, group: 'Identificação', span: 'half' },
    { name: 'precoReferencia', kind: 'money', label: 'Preço de referência', min: 0, max: 1_000_000_000, sort: true, group: 'Identificação', span: 'half' },
    { name: 'ativo', kind: 'boolean', label: 'Ativo', default: true, list: true, filter: true, group: 'Identificação', span: 'third' },
    longtext('descricao', 'Descrição', { maxLength: 4000, search: true, group: 'Ficha técnica' }),
    {
      name: 'especificacoes', kind: 'rows', label: 'Especificações técnicas', group: 'Ficha técnica', span: 'full',
      fields: [
        { name: 'atributo', kind: 'text', label: 'Atributo', required: true, maxLength: 100 },
        { name: 'valor', kind: 'text', label: 'Valor', required: true, maxLength: 200 },
      ],
    },
    attachmentsField('fichaTecnica', 'Ficha técnica e manuais'),
    imagesField('imagens', 'Imagens', { maxFiles: 20 }),
  ],
};
