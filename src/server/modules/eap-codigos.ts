/**
 * `GET /api/v1/obras/{obra}/eap-codigos?area=FIELD|AUTOMACAO`: the items of a site's EAP of one
 * area that a work-order daily report's activity may name (`atividades.eapCodigo`), as
 * `[{ id, codigo, descricao, pai }]` in code order, nothing else of the EAP (no weights, dates,
 * quantities or people). For whoever `canPickEapCodes` allows (src/access/eap-codes.ts): readers
 * of that EAP, and the technicians who write daily reports of that area on their own sites; 403
 * for anyone else, 404 for a site that does not exist, 400 without a valid area.
 * The API still refuses, on the report itself, a code that is not in the EAP
 * (src/server/modules/entities/eap-os.ts, `eapCodesInSiteEap`).
 */
import { Hono } from 'hono';
import { schemaByName } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import { canPickEapCodes, isEapArea } from '../../access/eap-codes';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { actorOf } from '../crud/routes';
import { readWhere } from '../crud/record-access';
import { listJson } from '../http/list-answer';

export interface EapCodigo {
  id: number;
  codigo: string;
  descricao: string;
  pai: number | null;
}

export function eapCodeRoutes(db: Db) {
  const r = new Hono<AppEnv>();
  r.get('/:obra/eap-codigos', async (c) => {
    const obra = c.req.param('obra');
    const area = c.req.query('area');
    if (!isEapArea(area)) throw new ApiError(400, 'Informe a área da EAP.', { area: ['Use "FIELD" ou "AUTOMACAO".'] });
    const actor = actorOf(c);
    const site =
      obra && obra.length <= 20
        ? await db
            .selectFrom('obra')
            .select('Id_Lista')
            .where('Id_Lista', '=', obra)
            .where(readWhere(schemaByName('obra') as EntitySchema, actor))
            .executeTakeFirst()
        : undefined;
    if (!site) throw new ApiError(404, 'Obra não encontrada.');
    if (!canPickEapCodes(actor.ability, c.get('user'), obra, area)) {
      throw new ApiError(403, 'Você não tem permissão para ver os itens da EAP desta obra e área: só quem lança diários de OS dessa área nesta obra.');
    }
    const rows = await db
      .selectFrom('eapOs')
      .select(['id', 'codigo', 'descricao', 'pai'])
      .where('obra', '=', obra)
      .where('area', '=', area)
      .orderBy('codigo')
      .execute();
    const itens: EapCodigo[] = rows.map((x) => ({
      id: Number(x.id),
      codigo: String(x.codigo),
      descricao: String(x.descricao ?? ''),
      pai: x.pai === null || x.pai === undefined ? null : Number(x.pai),
    }));
    return listJson(c, itens);
  });
  return r;
}
