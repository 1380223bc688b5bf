/** Item rows shared by materials lists and their templates. */
import type { FieldDef } from '../kinds';

export const MATERIAL_DISCIPLINAS = ['Civil', 'Mecânica', 'Elétrica', 'Automação', 'Hidráulica', 'Geral'];

export const MATERIAL_ITEM_FIELDS: FieldDef[] = [
  { name: 'codigo', kind: 'text', label: 'Código', maxLength: 40 },
  { name: 'descricao', kind: 'text', label: 'Descrição', required: true, maxLength: 300 },
  { name: 'unidade', kind: 'text', label: 'Unidade', required: true, maxLength: 10 },
  { name: 'quantidade', kind: 'decimal', label: 'Quantidade', required: true, scale: 2, min: 0, max: 1_000_000_000 },
  { name: 'observacao', kind: 'text', label: 'Observação', maxLength: 300 },
];
