/** A works schedule item as the API answers it (src/server/schedule, src/app/modules/schedule). Isomorphic. */
export interface ScheduleItem {
  id: number;
  version: number;
  codigo: string;
  descricao: string;
  area: string;
  pai: number | null;
  peso: number | null;
  unidade: string | null;
  inicioPrevisto: string | null;
  terminoPrevisto: string | null;
  /** Weight in the whole site, 0–100. */
  pesoObra: number;
  /** Progress 0–100 (0 when nothing was reported). */
  avanco: number;
  folha: boolean;
  ultimoRegistro: string | null;
  atrasado: boolean;
  /** Days past the planned end (late items only). */
  diasAtraso: number;
}
