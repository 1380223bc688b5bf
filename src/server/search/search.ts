/**
 * The search across every module (issue 39), from a parsed request to the answer: corrections of
 * typos, the ranked hits of every module the person may list, the records as they may read them.
 */
import type { EntitySchema } from '../../../schemas/kinds';
import type { SearchAnswer, SearchModuleCount } from '../../../resources/search';
import type { Db } from '../db/connect';
import type { Actor } from '../crud/record-access';
import { parseSearch } from './parse';
import { byRank, correctionsOf, findHits, searchableModules } from './query';
import { presentHits } from './results';
import { termRoots } from './snippet';
import { syncIfSchemasChanged } from './sync';

export interface SearchRequest {
  q: string;
  /** Only these modules (already checked to be indexed ones). */
  modulos?: EntitySchema[];
  limite: number;
}

export const NOTHING_TO_SEARCH = 'Digite letras ou números para buscar.';

export async function search(db: Db, schemas: readonly EntitySchema[], actor: Actor, req: SearchRequest): Promise<SearchAnswer> {
  const q = req.q.trim();
  const answer: SearchAnswer = { q, resultados: [], modulos: [] };
  if (!q) return answer;
  const parsed = parseSearch(q, schemas);
  const words = parsed.tokens.filter((t) => t.length >= 2 || /\d/.test(t));
  if (!words.length && !parsed.codeKey) return { ...answer, aviso: NOTHING_TO_SEARCH };
  // Permissions first: a module filter the person may not list answers 403 before anything is looked up.
  const modules = searchableModules(schemas, actor, req.modulos);
  await syncIfSchemasChanged(db, schemas);
  const fixes = await correctionsOf(db, parsed.tokens);
  const hits = (await findHits(db, modules, actor, parsed, fixes, req.limite)).sort(byRank);
  const counts = new Map<string, number>();
  for (const h of hits) counts.set(h.entidade, (counts.get(h.entidade) ?? 0) + 1);
  const roots = termRoots([...parsed.tokens, ...(parsed.alias?.tokens ?? [])], fixes);
  answer.resultados = await presentHits(db, schemas, actor, hits.slice(0, req.limite), roots);
  const modulos: SearchModuleCount[] = [];
  for (const [entidade, n] of counts) {
    const s = schemas.find((x) => x.name === entidade)!;
    modulos.push({ recurso: s.resource, modulo: s.labelPlural, quantidade: Math.min(n, req.limite), mais: n > req.limite });
  }
  answer.modulos = modulos;
  return answer;
}
