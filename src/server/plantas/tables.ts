/**
 * The pins of records of other modules on a plan sheet (issue 42): an SGI record, a work order, a
 * checklist's non-conformity (`item`: the answer's item number; 0 for the whole record) or a daily
 * report's occurrences, at `x`, `y` (fractions of the sheet's width and height from its top left).
 * A punch item keeps its own pin in its fields (`folha`, `x`, `y`). Both carry "revisão mudou" after
 * a new revision of the sheet, until someone confirms the place.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';

export const PIN_TABLE = 'planta_pino';

export const PIN_CORE_SQL = [
  `CREATE TABLE IF NOT EXISTS ${PIN_TABLE} (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    folha bigint NOT NULL,
    recurso text NOT NULL,
    registro bigint NOT NULL,
    item integer NOT NULL DEFAULT 0,
    x numeric(7, 6) NOT NULL CHECK (x >= 0 AND x <= 1),
    y numeric(7, 6) NOT NULL CHECK (y >= 0 AND y <= 1),
    revisao_mudou boolean NOT NULL DEFAULT false,
    revisao_anterior text,
    criado_por text NOT NULL,
    criado_em timestamptz NOT NULL DEFAULT now(),
    UNIQUE (folha, recurso, registro, item)
  )`,
  `CREATE INDEX IF NOT EXISTS planta_pino_registro ON ${PIN_TABLE} (recurso, registro)`,
];

/** Flags every pin of these sheets (punch items and other records) as waiting for a confirmation of its place. */
export async function flagPinsOf(trx: Db, folha: number, revisaoAnterior: string | null): Promise<number> {
  const items = await sql`
    update "itemVerificacao" set "revisaoMudou" = true, "revisaoAnterior" = ${revisaoAnterior}
    where folha = ${folha}`.execute(trx);
  const pins = await sql`
    update ${sql.table(PIN_TABLE)} set revisao_mudou = true, revisao_anterior = ${revisaoAnterior}
    where folha = ${folha}`.execute(trx);
  return Number(items.numAffectedRows ?? 0) + Number(pins.numAffectedRows ?? 0);
}
