/**
 * The saved views in the database (issue 39, tables.ts). A person sees, for one list, the views
 * they own and those shared with one of their roles or one of their sites; only the owner changes
 * or deletes a view (a shared one: 403; another person's private one: 404, as if it did not exist).
 */
import { sql } from 'kysely';
import type { SavedView, SavedViewState } from '../../../resources/saved-views';
import { VIEWS_PER_LIST_MAX } from '../../../resources/saved-views';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';

/** Who asks: their lower-case e-mail, name, roles and sites. */
export interface Viewer {
  email: string;
  name: string;
  roles: string[];
  obras: string[];
}

interface Row {
  id: string | number;
  lista: string;
  nome: string;
  dono: string;
  dono_nome: string;
  estado: SavedViewState | string;
  papeis: string[];
  obras: string[];
  version: number;
  criado_em: Date | string;
  atualizado_em: Date | string;
}

const COLUMNS = sql.raw('id, lista, nome, dono, dono_nome, estado, papeis, obras, version, criado_em, atualizado_em');
const iso = (v: Date | string) => new Date(v).toISOString();

function toView(r: Row, viewer: Viewer): SavedView {
  return {
    id: Number(r.id),
    lista: r.lista,
    nome: r.nome,
    estado: typeof r.estado === 'string' ? (JSON.parse(r.estado) as SavedViewState) : r.estado,
    papeis: r.papeis ?? [],
    obras: r.obras ?? [],
    dono: r.dono,
    donoNome: r.dono_nome,
    minha: r.dono === viewer.email,
    version: r.version,
    criadoEm: iso(r.criado_em),
    atualizadoEm: iso(r.atualizado_em),
  };
}

/** The SQL condition "visible to the viewer": theirs, or shared with one of their roles or sites. */
const visible = (v: Viewer) => sql`(dono = ${v.email} or papeis && cast(${v.roles} as text[]) or obras && cast(${v.obras} as text[]))`;

/** The views of a list the viewer sees: theirs first, then the shared ones, each by name. */
export async function listViews(db: Db, viewer: Viewer, lista: string): Promise<{ visoes: SavedView[]; padrao: number | null }> {
  const r = await sql<Row>`select ${COLUMNS} from visao_salva where lista = ${lista} and ${visible(viewer)}
    order by (dono = ${viewer.email}) desc, lower(nome), id`.execute(db);
  const d = await sql<{ visao_id: string | number }>`select p.visao_id from visao_salva_padrao p join visao_salva v on v.id = p.visao_id
    where p.email = ${viewer.email} and p.lista = ${lista} and ${visible(viewer)}`.execute(db);
  return { visoes: r.rows.map((x) => toView(x, viewer)), padrao: d.rows[0] ? Number(d.rows[0].visao_id) : null };
}

const nameTaken = (e: unknown) => (e as { code?: string }).code === '23505';
const NAME_TAKEN = (nome: string) =>
  new ApiError(400, 'Visão não salva. Verifique os campos.', { nome: [`Você já tem uma visão chamada "${nome}" nesta lista.`] });

export interface NewView {
  lista: string;
  nome: string;
  estado: SavedViewState;
  papeis: string[];
  obras: string[];
}

export async function createView(db: Db, viewer: Viewer, v: NewView): Promise<SavedView> {
  try {
    const row = await db.transaction().execute(async (trx) => {
      // One person's views of a list are counted under a lock on their e-mail and list.
      await sql`select pg_advisory_xact_lock(hashtext(${`visao:${viewer.email}:${v.lista}`}))`.execute(trx);
      const n = await sql<{ n: string | number }>`select count(*) as n from visao_salva where dono = ${viewer.email} and lista = ${v.lista}`.execute(trx);
      if (Number(n.rows[0].n) >= VIEWS_PER_LIST_MAX)
        throw new ApiError(400, `Você já tem ${VIEWS_PER_LIST_MAX} visões nesta lista: exclua alguma antes de criar outra.`, {
          nome: [`No máximo ${VIEWS_PER_LIST_MAX} visões por lista.`],
        });
      const r = await sql<Row>`insert into visao_salva (lista, nome, dono, dono_nome, estado, papeis, obras)
        values (${v.lista}, ${v.nome}, ${viewer.email}, ${viewer.name}, cast(${JSON.stringify(v.estado)} as jsonb),
          cast(${v.papeis} as text[]), cast(${v.obras} as text[]))
        returning ${COLUMNS}`.execute(trx);
      return r.rows[0];
    });
    return toView(row, viewer);
  } catch (e) {
    if (nameTaken(e)) throw NAME_TAKEN(v.nome);
    throw e;
  }
}

/** A view the viewer may change: 404 when they do not see it, 403 when it is someone else's. */
async function ownedRow(db: Db, viewer: Viewer, id: number, lock: boolean): Promise<Row> {
  const r = await sql<Row>`select ${COLUMNS} from visao_salva where id = ${id} and ${visible(viewer)} ${lock ? sql`for update` : sql``}`.execute(db);
  const row = r.rows[0];
  if (!row) throw new ApiError(404, 'Visão não encontrada.');
  if (row.dono !== viewer.email) throw new ApiError(403, `Só quem criou a visão "${row.nome}" pode alterá-la ou excluí-la.`);
  return row;
}

/** The view as the viewer sees it (404 when they do not). */
export async function visibleView(db: Db, viewer: Viewer, id: number): Promise<SavedView> {
  const r = await sql<Row>`select ${COLUMNS} from visao_salva where id = ${id} and ${visible(viewer)}`.execute(db);
  if (!r.rows[0]) throw new ApiError(404, 'Visão não encontrada.');
  return toView(r.rows[0], viewer);
}

export interface ViewChange {
  version: number;
  nome?: string;
  estado?: SavedViewState;
  papeis?: string[];
  obras?: string[];
}

/**
 * Changes the viewer's own view at the version they read (409 when someone changed it since).
 * `mayShare(before)` is asked only when the change shares the view with anyone new.
 */
export async function updateView(db: Db, viewer: Viewer, id: number, change: ViewChange, mayShare: (lista: string) => boolean): Promise<SavedView> {
  try {
    const row = await db.transaction().execute(async (trx) => {
      const before = await ownedRow(trx, viewer, id, true);
      if (before.version !== change.version)
        throw new ApiError(409, `A visão "${before.nome}" foi alterada depois que você a abriu. Recarregue para ver a versão atual.`);
      const widens = (next: string[] | undefined, prev: string[]) => !!next && next.some((x) => !prev.includes(x));
      if ((widens(change.papeis, before.papeis) || widens(change.obras, before.obras)) && !mayShare(before.lista))
        throw new ApiError(403, 'Só os administradores desta lista compartilham visões com papéis ou obras.');
      const r = await sql<Row>`update visao_salva set
          nome = ${change.nome ?? before.nome},
          estado = cast(${JSON.stringify(change.estado ?? before.estado)} as jsonb),
          papeis = cast(${change.papeis ?? before.papeis} as text[]),
          obras = cast(${change.obras ?? before.obras} as text[]),
          version = version + 1, atualizado_em = now()
        where id = ${id} and version = ${change.version}
        returning ${COLUMNS}`.execute(trx);
      return r.rows[0];
    });
    return toView(row, viewer);
  } catch (e) {
    if (nameTaken(e)) throw NAME_TAKEN(change.nome ?? '');
    throw e;
  }
}

export async function deleteView(db: Db, viewer: Viewer, id: number): Promise<SavedView> {
  return db.transaction().execute(async (trx) => {
    const row = await ownedRow(trx, viewer, id, true);
    await sql`delete from visao_salva where id = ${id}`.execute(trx);
    return toView(row, viewer);
  });
}

/** Sets (a view the viewer sees, of that list) or clears the viewer's default of a list. */
export async function setDefault(db: Db, viewer: Viewer, lista: string, id: number | null): Promise<number | null> {
  if (id === null) {
    await sql`delete from visao_salva_padrao where email = ${viewer.email} and lista = ${lista}`.execute(db);
    return null;
  }
  const view = await visibleView(db, viewer, id);
  if (view.lista !== lista) throw new ApiError(400, 'Visão padrão não definida.', { visao: [`A visão "${view.nome}" é de outra lista.`] });
  await sql`insert into visao_salva_padrao (email, lista, visao_id) values (${viewer.email}, ${lista}, ${id})
    on conflict (email, lista) do update set visao_id = excluded.visao_id`.execute(db);
  return id;
}

/** The most views the menu lists (over every list): a person keeps a handful per list. */
export const MENU_VIEWS_MAX = 300;

/**
 * Every view the viewer sees, over all lists, for the menu (one query): grouped by list, in the
 * order of `listViews`, with the viewer's default of each list. `readable` drops the lists they
 * may not read any more.
 */
export async function menuViews(
  db: Db,
  viewer: Viewer,
  readable: (lista: string) => boolean,
): Promise<{ lista: string; padrao: number | null; visoes: SavedView[] }[]> {
  const r = await sql<Row & { padrao: boolean }>`select ${COLUMNS},
      exists (select 1 from visao_salva_padrao p where p.email = ${viewer.email} and p.lista = visao_salva.lista and p.visao_id = visao_salva.id) as padrao
    from visao_salva where ${visible(viewer)}
    order by lista, (dono = ${viewer.email}) desc, lower(nome), id limit ${MENU_VIEWS_MAX}`.execute(db);
  const byList = new Map<string, { lista: string; padrao: number | null; visoes: SavedView[] }>();
  for (const row of r.rows) {
    if (!readable(row.lista)) continue;
    const entry = byList.get(row.lista) ?? { lista: row.lista, padrao: null, visoes: [] };
    entry.visoes.push(toView(row, viewer));
    if (row.padrao) entry.padrao = Number(row.id);
    byList.set(row.lista, entry);
  }
  return [...byList.values()];
}
