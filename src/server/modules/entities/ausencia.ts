/**
 * Absences (`schemas/ausencia.ts`, docs/access.md decision 31): an absence is refused with a 400 per
 * field, nothing stored, when it ends before it starts, names the absent person as their own
 * substitute, overlaps another absence of the same person, names an external user (client,
 * supplier, law firm) or someone unknown to the portal, gives a substitute who lacks a role
 * the absent person acts through in workflows (src/server/delegation/workflow-roles.ts), or one
 * who already holds, on an open record, a stage the workflow keeps apart from the absent person's
 * (`distinctHolders`, src/server/workflow/segregation.ts; issue 36).
 */
import { sql } from 'kysely';
import { CODE_SCHEMAS } from '../../../../schemas';
import { registerEntityHooks, type WriteRule } from '../../crud/hooks-registry';
import { ApiError } from '../../http/errors';
import type { Db } from '../../db/connect';
import { externalKindOf, normalizeUser } from '../../../access/user';
import { roleName } from '../../../access/roles';
import { formatDateBr, todayIso } from '../../time';
import { missingWorkflowRoles } from '../../delegation/workflow-roles';
import { distinctPairs, dutyConflict, dutyConflictMessage } from '../../workflow/segregation';
import { titleOf } from '../../workflow/notify';
import { flattenExtra } from '../../db/columns';

type Rec = Record<string, unknown>;

const mailOf = (v: unknown): string => (v && typeof v === 'object' && typeof (v as Rec).mail === 'string' ? ((v as Rec).mail as string).toLowerCase() : '');
const nameOf = (v: unknown, mail: string): string =>
  v && typeof v === 'object' && typeof (v as Rec).nome === 'string' && (v as Rec).nome ? String((v as Rec).nome) : mail;
const day = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' ? v.slice(0, 10) : '');

interface Person {
  email: string;
  nome: string | null;
  external: boolean;
  active: boolean;
  roles: string[];
}

async function people(trx: Db, mails: string[]): Promise<Map<string, Person>> {
  const r = await sql<{ email: string; nome: string | null; tipo: string | null; ativo: boolean | null; roles: unknown }>`
    select lower(email) as email, nome, tipo, ativo, roles from usuario where lower(email) in (${sql.join(mails)})`.execute(trx);
  const out = new Map<string, Person>();
  for (const row of r.rows) {
    const user = normalizeUser({ email: row.email, roles: row.roles, tipo: row.tipo ?? '' });
    out.set(row.email, { email: row.email, nome: row.nome, external: externalKindOf(user) !== undefined, active: row.ativo !== false, roles: user.roles });
  }
  return out;
}

const SHOWN_CONFLICTS = 3;

/**
 * Issue 36: the open records where the absent person holds a stage and the substitute another that
 * the workflow declares must be two people's (`distinctHolders`): one message per record (the
 * first few, then how many more).
 */
async function dutyConflicts(trx: Db, absent: string, substitute: string, who: string): Promise<string[]> {
  const out: string[] = [];
  let more = 0;
  for (const schema of CODE_SCHEMAS) {
    const wf = schema.workflow;
    const pairs = wf ? distinctPairs(wf) : [];
    if (!wf || !pairs.length) continue;
    const held = sql.join(
      pairs.map(([a, b]) => sql`((${sql.ref(a)} ->> 'mail') = ${absent} and (${sql.ref(b)} ->> 'mail') = ${substitute})`),
      sql` or `,
    );
    const finals = wf.states.filter((st) => st.final).map((st) => sql`${st.value}`);
    const open = finals.length ? sql`and ${sql.ref(wf.field)} not in (${sql.join(finals)})` : sql``;
    const r = await sql<{ row: Rec | string; total: string | number }>`
      select to_jsonb(t.*) as row, count(*) over () as total from ${sql.table(schema.name)} t
      where (${held}) ${open} order by id limit ${SHOWN_CONFLICTS}`.execute(trx);
    for (const x of r.rows) {
      const row = flattenExtra((typeof x.row === 'string' ? JSON.parse(x.row) : x.row) as Rec);
      const conflict = dutyConflict(schema, row, substitute, absent);
      if (conflict && out.length < SHOWN_CONFLICTS) out.push(dutyConflictMessage(schema, titleOf(schema, row), conflict, who));
      else more++;
    }
    more += Math.max(0, Number(r.rows[0]?.total ?? 0) - r.rows.length);
  }
  if (more) out.push(`E em mais ${more === 1 ? '1 registro' : `${more} registros`} a mesma pessoa teria as duas etapas.`);
  return out;
}

const EXTERNAL = 'Clientes, fornecedores e escritórios parceiros não participam de ausências e substituições.';
const UNKNOWN = 'Pessoa não encontrada entre os usuários ativos do portal.';

const checkAbsence: WriteRule = async ({ trx, after, before, actor }) => {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const inicio = day(after.inicio);
  const fim = day(after.fim);
  const pessoa = mailOf(after.pessoa);
  const substituto = mailOf(after.substituto);
  if (inicio && fim && fim < inicio) add('fim', 'O fim da ausência deve ser no mesmo dia do início ou depois dele.');
  if (pessoa && substituto && pessoa === substituto) add('substituto', 'O substituto deve ser outra pessoa, não a própria pessoa ausente.');

  const found = await people(trx, [...new Set([pessoa, substituto].filter(Boolean))]);
  const absent = found.get(pessoa);
  const sub = found.get(substituto);
  // The signed-in staff member may not have a directory row yet: their own roles then count.
  const absentRoles = absent?.roles ?? (actor && pessoa === actor.email.toLowerCase() && !actor.client ? (actor.roles ?? []) : undefined);
  if (absent?.external || (!absent && actor?.client)) add('pessoa', EXTERNAL);
  else if (!absentRoles || (absent && !absent.active)) add('pessoa', UNKNOWN);
  if (substituto && substituto !== pessoa) {
    if (sub?.external) add('substituto', EXTERNAL);
    else if (!sub || !sub.active) add('substituto', UNKNOWN);
    else if (absentRoles && !errors.pessoa) {
      const missing = missingWorkflowRoles(CODE_SCHEMAS, absentRoles, sub.roles);
      if (missing.length) {
        const who = nameOf(after.pessoa, pessoa);
        add(
          'substituto',
          `${sub.nome || substituto} não pode fazer o trabalho de ${who}: faltam os perfis ${missing.map(roleName).join(', ')}, com que ${who} atua nos fluxos.`,
        );
      }
      // An absence over gives nobody anything; one still to run must not join two stages kept apart.
      if (!fim || fim >= todayIso()) for (const m of await dutyConflicts(trx, pessoa, substituto, sub.nome || substituto)) add('substituto', m);
    }
  }

  if (pessoa && inicio && fim && fim >= inicio) {
    // Two absences of one person written at once: the second waits for the first, then sees it.
    await sql`select pg_advisory_xact_lock(hashtext(${`ausencia:${pessoa}`}))`.execute(trx);
    const id = before?.id ?? null;
    const r = await sql<{ inicio: string; fim: string }>`
      select to_char(inicio, 'YYYY-MM-DD') as inicio, to_char(fim, 'YYYY-MM-DD') as fim from ausencia
      where (pessoa ->> 'mail') = ${pessoa} and inicio <= ${fim}::date and fim >= ${inicio}::date and (${id}::bigint is null or id <> ${id}::bigint)
      order by inicio limit 1`.execute(trx);
    const other = r.rows[0];
    if (other) {
      const msg = `Já existe uma ausência desta pessoa de ${formatDateBr(other.inicio)} a ${formatDateBr(other.fim)}, que se sobrepõe a este período.`;
      add('inicio', msg);
      add('fim', msg);
    }
  }

  const fields = Object.keys(errors);
  if (fields.length) throw new ApiError(400, errors[fields[0]][0], errors);
};

registerEntityHooks('ausencia', { beforeChange: checkAbsence });
