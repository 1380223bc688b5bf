/**
 * The library tree a new site gets (screen /obra/documentacao, entity `modeloDiretorio`): when an
 * obra is created, every template folder becomes a `diretorio` of the site, in the same
 * transaction, with the same hierarchy and access lists (placeholders filled from the site).
 */
import { sql } from 'kysely';
import { schemaByName } from '../../../schemas';
import type { Db } from '../db/connect';
import { diffRecords, writeAudit } from '../crud/audit';

export interface FolderTemplate {
  id: number;
  nome: string;
  pai?: number | null;
  descricao?: string | null;
  acesso?: Record<string, string[]> | null;
}

/**
 * The initial configuration (seeded with the demo data): the folders every site library has used,
 * projects with the client uploading, progress photos the client reads, and the site's documents
 * restricted to the library administrators and the site manager.
 */
export const DEFAULT_FOLDER_TEMPLATE: Omit<FolderTemplate, 'id'>[] = [
  /* 1 */ {
    nome: 'Obra {obra} — {nome}',
    descricao: 'Raiz da biblioteca da obra.',
    acesso: { full: ['admin_biblioteca', '$siteManager'], rW: ['$substituto'], rOnly: ['rdo_by_obra'] },
  },
  /* 2 */ {
    nome: 'Projetos',
    pai: 1,
    descricao: 'Projetos executivos e revisões.',
    acesso: { full: ['admin_biblioteca'], rW: ['site_manager', '$siteManager'], uploadOnly: ['$cliente'] },
  },
  /* 3 */ { nome: 'Fotos de avanço', pai: 1, acesso: { full: ['admin_biblioteca'], rWEdit: ['$siteManager'], rOnly: ['$cliente'] } },
  /* 4 */ {
    nome: 'Documentação legal',
    pai: 1,
    descricao: 'Alvarás, licenças e ARTs.',
    acesso: { full: ['admin_biblioteca', '$siteManager'], rOnly: ['$cliente'] },
  },
  /* 5 */ { nome: 'Segurança do trabalho', pai: 1, acesso: { full: ['admin_biblioteca'], rW: ['$siteManager', '$substituto'], rOnly: ['sgi'] } },
  /* 6 */ { nome: 'Contratos e medições', pai: 1, acesso: { full: ['admin_biblioteca', 'contratos'], rOnly: ['$siteManager'] } },
];

type Site = Record<string, unknown>;
const mailOf = (p: unknown) => (p && typeof p === 'object' && typeof (p as { mail?: unknown }).mail === 'string' ? (p as { mail: string }).mail : '');

/** A template's name and lists for one site; a placeholder the site cannot fill is dropped. */
export function instantiateFolder(t: Pick<FolderTemplate, 'nome' | 'acesso'>, site: Site): { nome: string; acesso?: Record<string, string[]> } {
  const nome = t.nome
    .replace(/\{obra\}/g, String(site.Id_Lista ?? ''))
    .replace(/\{nome\}/g, String(site.nome ?? ''))
    .slice(0, 150);
  const values: Record<string, string> = {
    $siteManager: mailOf(site.siteManager),
    $substituto: mailOf(site.siteManagerSubstituto),
    $cliente: String(site.cliente ?? ''),
  };
  const acesso: Record<string, string[]> = {};
  for (const [list, names] of Object.entries(t.acesso ?? {})) {
    const filled = [...new Set((names ?? []).map((n) => (n in values ? values[n] : n)).filter(Boolean))];
    if (filled.length) acesso[list] = filled;
  }
  return Object.keys(acesso).length ? { nome, acesso } : { nome };
}

/** Creates the site's folders from the template (parents before children). */
export async function createSiteLibrary(trx: Db, site: Site, by: string): Promise<number> {
  const schema = schemaByName('diretorio')!;
  const templates = (await trx.selectFrom('modeloDiretorio').select(['id', 'nome', 'pai', 'descricao', 'acesso']).orderBy('id').execute()) as FolderTemplate[];
  const created = new Map<number, number>();
  const pending = [...templates];
  // Parents first: a template whose parent is missing (or in a cycle) is left out.
  for (let progress = true; pending.length && progress;) {
    progress = false;
    for (let i = 0; i < pending.length; i++) {
      const t = pending[i];
      const parentId = t.pai === null || t.pai === undefined ? null : created.get(Number(t.pai));
      if (parentId === undefined) continue;
      const { nome, acesso } = instantiateFolder(t, site);
      const r = await trx
        .insertInto('diretorio')
        .values({
          nome,
          pai: parentId,
          obra: String(site.Id_Lista),
          descricao: t.descricao ?? null,
          acesso: acesso ? sql`cast(${JSON.stringify(acesso)} as jsonb)` : null,
          created_by: by,
          updated_by: by,
        })
        .returning(sql<Record<string, unknown>>`to_jsonb(diretorio.*)`.as('row'))
        .executeTakeFirstOrThrow();
      const row = r.row as Record<string, unknown> & { id: number };
      await writeAudit(trx, schema, Number(row.id), 'create', by, diffRecords(schema, {}, row));
      created.set(Number(t.id), Number(row.id));
      pending.splice(i--, 1);
      progress = true;
    }
  }
  return created.size;
}
