/**
 * Plan sheets (`schemas/folha-planta.ts`, issue 42): created and replaced only by the plan routes
 * (src/server/plantas/), which hand the file, page and size to this rule; a code is unique on its
 * site; a sheet never changes site; a sheet with pins of other records is not deleted.
 */
import { sql } from 'kysely';
import { ApiError } from '../../http/errors';
import { registerEntityHooks } from '../../crud/hooks-registry';
import { sheetValuesOf } from '../../plantas/write-context';
import { PIN_TABLE } from '../../plantas/tables';

const ONLY_FROM_PDF = 'Folhas de planta são criadas ao enviar o PDF da planta da obra ("Enviar planta") ou ao marcar um documento CRE como planta.';

registerEntityHooks('folhaPlanta', {
  beforeChange: async ({ trx, op, before, after }) => {
    const server = sheetValuesOf(trx);
    if (op === 'create' && !server) throw new ApiError(400, ONLY_FROM_PDF, { arquivo: [ONLY_FROM_PDF] });
    if (before && String(before.obra) !== String(after.obra)) {
      throw new ApiError(400, 'Uma folha de planta não muda de obra.', { obra: ['Uma folha de planta não muda de obra.'] });
    }
    const codigo = String(after.codigo ?? '');
    const same = await sql<{ id: number }>`
      select id from "folhaPlanta" where obra = ${String(after.obra)} and lower(codigo) = lower(${codigo}) and id <> ${Number(before?.id ?? 0)} limit 1`.execute(
      trx,
    );
    if (same.rows.length) {
      const msg = `Já existe a folha ${codigo} nesta obra: cada folha tem um código próprio na obra.`;
      throw new ApiError(400, msg, { codigo: [msg] });
    }
    return server;
  },
  beforeDelete: async ({ trx, before }) => {
    const r = await sql<{ n: string }>`select count(*) as n from ${sql.table(PIN_TABLE)} where folha = ${Number(before.id)}`.execute(trx);
    const n = Number(r.rows[0]?.n ?? 0);
    if (n) throw new ApiError(409, `A folha tem ${n} pino${n > 1 ? 's' : ''} de outros registros: retire-os antes de excluir a folha.`);
  },
});
