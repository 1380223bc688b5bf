/**
 * A finding of a technical inspection report opens a punch item of the report's site (issue 40,
 * issue 42's punch list): the step "Abrir item de verificação" (schemas/rit.ts
 * `abrir-item-verificacao`, keeping the report's state) asks for the finding's number and the
 * company that corrects it (a registered supplier or subcontractor); its effect (findings.ts) creates
 * the item with the finding's description, photos and severity as priority (Crítica → Urgente), the
 * inspected equipment as its place, no pin, the site's site manager as verifier (from the site's
 * responsibility matrix, else the site's own), linked back to the report (`itemVerificacao.rit`,
 * `itemVerificacao.ritConstatacao`: the report's related list "Itens de verificação das
 * constatações"). Stored through the punch item's own rules (src/server/crud/repository.ts
 * `storeNewRecord`: the company check, the site's client switch, the number per site, the SLA by
 * priority, the photos the inspector reads), like the SGI record, whatever the inspector's own create
 * right. Once per finding (409 after), 400 for a number the report does not have.
 */
import { sql } from 'kysely';
import { schemaByName } from '../../../schemas';
import { matrixDefaults } from '../../../schemas/matrix';
import { ApiError } from '../http/errors';
import { flattenExtra } from '../db/columns';
import { checkFieldsMessage } from '../crud/messages';
import { storeNewRecord } from '../crud/repository';
import { validateBody } from '../crud/validate';
import type { Db } from '../db/connect';
import { registerFindingOpener } from './findings';
import { clip } from '../mail/text';

type Row = Record<string, unknown>;

/** A finding's severity as the punch item's priority (the SGI's scale has "Crítica", the punch list "Urgente"). */
const PRIORIDADE_OF: Record<string, string> = { Baixa: 'Baixa', Média: 'Média', Alta: 'Alta', Crítica: 'Urgente' };

/** The item's fields the step asks for under the report's own names (the errors land on the dialog's fields). */
const ASKED_AS: Record<string, string> = { empresaResponsavel: 'empresaItem' };
const ASKED = 'constatacaoItem';

/** The site's site manager who verifies the item: the matrix's, else the site's. */
async function verifierOf(trx: Db, obra: string): Promise<{ mail: string; nome?: string } | undefined> {
  const r = await sql<{ row: Row }>`select to_jsonb(o.*) as row from obra o where "Id_Lista" = ${obra}`.execute(trx);
  const site = r.rows[0] ? flattenExtra(r.rows[0].row) : undefined;
  const schema = schemaByName('itemVerificacao')!;
  const fromMatrix = matrixDefaults(schema, { disciplina: 'Geral' }, site?.matrizResponsabilidade).verificador;
  const own = site?.siteManager as { mail?: unknown; nome?: unknown } | null | undefined;
  if (fromMatrix) return fromMatrix;
  if (!own || typeof own.mail !== 'string' || !own.mail) return undefined;
  return { mail: own.mail, ...(typeof own.nome === 'string' && own.nome ? { nome: own.nome } : {}) };
}

/** The item's refusals (a company that is not a supplier, a description too short…) on the dialog's fields. */
function onAskedFields(e: unknown): unknown {
  if (!(e instanceof ApiError) || e.status !== 400 || !e.errors) return e;
  const errors: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(e.errors)) (errors[ASKED_AS[k.split('.')[0]] ?? ASKED] ??= []).push(...v);
  return new ApiError(400, e.message, errors);
}

registerFindingOpener('abrir-item-verificacao', {
  asked: ASKED,
  entity: 'itemVerificacao',
  what: 'o item de verificação',
  opened: (item) => `o item de verificação nº ${String(item.numero ?? item.id)} da obra ${String(item.obra)}`,
  open: async ({ trx, row, actor }, f) => {
    const schema = schemaByName('itemVerificacao')!;
    const obra = String(row.obra ?? '');
    const verificador = await verifierOf(trx, obra);
    if (!verificador) {
      const message = `A obra ${obra} não tem site manager para verificar o item: informe o site manager da obra (ou na matriz de responsabilidade) antes de abrir o item de verificação.`;
      throw new ApiError(400, message, { [ASKED]: [message] });
    }
    const equipamento = String(row.equipamento ?? '').trim();
    const body = {
      obra,
      descricao: clip(f.descricao, 200),
      prioridade: PRIORIDADE_OF[f.severidade] ?? 'Média',
      empresaResponsavel: row.empresaItem,
      verificador,
      ...(equipamento ? { local: clip(equipamento, 150) } : {}),
      ...(f.fotos.length ? { fotos: f.fotos } : {}),
    };
    const { values, errors } = validateBody(schema, body, undefined, { mail: actor.email });
    if (Object.keys(errors).length) throw onAskedFields(new ApiError(400, checkFieldsMessage(schema, errors), errors));
    values[schema.workflow!.field] = schema.workflow!.initial;
    try {
      await storeNewRecord(trx, schema, actor, { ...values, ...f.link }, { note: `Aberto pela constatação ${f.n} do ${f.numero}.` });
    } catch (e) {
      throw onAskedFields(e);
    }
  },
});
