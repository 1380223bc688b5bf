/**
 * Punch items (`schemas/item-verificacao.ts`, issue 42; docs/access.md decision 38):
 * - the pin: a sheet (`folha`) that exists and belongs to the item's site, with both coordinates
 *   (0–1, checked by the fields), or no sheet and no coordinates; placing it again after a new
 *   revision of the sheet confirms it ("revisão mudou" cleared);
 * - the person named at the responsible company is an active portal user of that company;
 * - the site's switch "o cliente lê a lista de verificação" is kept on each item (`visivelCliente`,
 *   the condition of the client's read rule), and follows the site when it changes;
 * - the photos of "corrigido" are checked and linked like an edit's (type, and the caller's own
 *   uploads or files they may read).
 */
import { sql } from 'kysely';
import { schemaByName } from '../../../../schemas';
import { ApiError } from '../../http/errors';
import { registerEntityHooks, type WriteContext } from '../../crud/hooks-registry';
import { registerAfter } from '../../workflow/hooks';
import { attachRecordFiles } from '../../storage/file-access';

type Rec = Record<string, unknown>;

const filled = (v: unknown) => v !== null && v !== undefined && v !== '';
const differs = (a: Rec | undefined, b: Rec, keys: string[]) => !a || keys.some((k) => JSON.stringify(a[k] ?? null) !== JSON.stringify(b[k] ?? null));
const mailOf = (v: unknown) => (v && typeof v === 'object' ? String((v as { mail?: unknown }).mail ?? '').toLowerCase() : '');

export const PIN_MESSAGES = {
  semPosicao: 'Informe a posição do pino na folha (de 0 a 1).',
  semFolha: 'Escolha a folha da planta em que o pino fica.',
  folhaInexistente: 'Folha de planta não encontrada.',
  outraObra: (folhaObra: string, obra: string) => `Esta folha é da obra ${folhaObra}: escolha uma folha da obra ${obra}.`,
};

/** The pin: a sheet of the item's site and a point on it, or neither. */
async function checkPin({ trx, before, after }: WriteContext): Promise<Rec> {
  if (!differs(before, after, ['folha', 'x', 'y', 'obra'])) return {};
  const errors: Record<string, string[]> = {};
  if (filled(after.folha)) {
    if (!filled(after.x)) errors.x = [PIN_MESSAGES.semPosicao];
    if (!filled(after.y)) errors.y = [PIN_MESSAGES.semPosicao];
    const r = await sql<{ obra: string }>`select obra from "folhaPlanta" where id = ${Number(after.folha)}`.execute(trx);
    const sheet = r.rows[0];
    if (!sheet) errors.folha = [PIN_MESSAGES.folhaInexistente];
    else if (sheet.obra !== String(after.obra)) errors.folha = [PIN_MESSAGES.outraObra(sheet.obra, String(after.obra))];
  } else if (filled(after.x) || filled(after.y)) errors.folha = [PIN_MESSAGES.semFolha];
  const fields = Object.keys(errors);
  if (fields.length) throw new ApiError(400, `Verifique o pino na planta: ${errors[fields[0]][0]}`, errors);
  // Placed again after a new revision of the sheet: the place is confirmed.
  return before?.revisaoMudou ? { revisaoMudou: false, revisaoAnterior: null } : {};
}

/** The person named at the company is one of its people with access to the portal. */
async function checkCompanyPerson({ trx, before, after }: WriteContext): Promise<void> {
  const mail = mailOf(after.responsavel);
  if (!mail || !differs(before, after, ['responsavel', 'empresaResponsavel'])) return;
  const r = await sql<{ empresa: unknown; ativo: boolean | null }>`
    select empresa, ativo from usuario where lower(email) = ${mail} limit 1`.execute(trx);
  const who = r.rows[0];
  let msg: string | undefined;
  if (!who || who.ativo === false) msg = 'Escolha uma pessoa cadastrada e ativa no portal.';
  else if (!(Array.isArray(who.empresa) && who.empresa.includes(String(after.empresaResponsavel ?? ''))))
    msg = 'Esta pessoa não é da empresa responsável: escolha alguém da empresa ou deixe o campo em branco.';
  if (msg) throw new ApiError(400, msg, { responsavel: [msg] });
}

/** The site's switch, on a new item or one moved to another site. */
async function clientSwitch({ trx, before, after }: WriteContext): Promise<Rec> {
  if (before && before.obra === after.obra) return {};
  const r = await sql<{ v: boolean | null }>`select "verificacaoCliente" as v from obra where "Id_Lista" = ${String(after.obra)}`.execute(trx);
  return { visivelCliente: r.rows[0]?.v === true };
}

registerEntityHooks('itemVerificacao', {
  beforeChange: [
    checkPin,
    async (ctx) => {
      await checkCompanyPerson(ctx);
    },
    clientSwitch,
  ],
});

// The site's switch reaches its items at once.
registerEntityHooks('obra', {
  afterChange: async ({ trx, before, row }) => {
    const was = before?.verificacaoCliente === true;
    const now = row.verificacaoCliente === true;
    if (before && was === now && before.Id_Lista === row.Id_Lista) return;
    await sql`update "itemVerificacao" set "visivelCliente" = ${now} where obra = ${String(row.Id_Lista)}`.execute(trx);
  },
});

/** "Corrigido": the photos sent with the step are checked and linked to the item, as an edit's are. */
registerAfter('itemVerificacaoFotos', async ({ trx, row, actor }) => {
  const schema = schemaByName('itemVerificacao')!;
  const id = Number(row.id);
  const linked = await sql<{ key: string }>`
    select key from arquivo_vinculo where recurso = ${schema.resource} and registro_id = ${id} and campo = 'fotosCorrecao'`.execute(trx);
  const keys = new Set(linked.rows.map((r) => r.key));
  const files = Array.isArray(row.fotosCorrecao) ? (row.fotosCorrecao as { key?: unknown }[]) : [];
  // Only the photos of the step are new: the item's other files, and the photos it already held, are not checked again.
  const before = { ...row, fotosCorrecao: files.filter((f) => keys.has(String(f.key))) };
  await attachRecordFiles(trx, schema, actor, id, before, row);
});
