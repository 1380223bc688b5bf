/** One entry of the trash as `GET /api/v1/lixeira` answers it and the "Lixeira" screen shows it (issue 35). */
export interface TrashItem {
  id: number;
  recurso: string;
  /** The module's name (the entity's `labelPlural`). */
  modulo: string;
  /** The id the record has again once restored. */
  registroId: number;
  titulo: string;
  /** How many records went with it (a ticket's interactions…). */
  junto: number;
  excluidoPor: string | null;
  excluidoEm: string;
  /** When the daily purge removes it, by the period in force. */
  expiraEm: string;
}
