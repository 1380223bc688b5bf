/**
 * People of a site from a spreadsheet (issue 38), beside the site-people screen's routes
 * (src/server/site-users/routes.ts), mounted at `/obras` and `/fabricacao`:
 * POST `/:obra/usuarios/importacao` (multipart `file`; a dry run unless `simular=false`, then
 * `modo=tudo|validas`) and GET `/:obra/usuarios/importacao/modelo` (the template).
 */
import { readFile, rm } from 'node:fs/promises';
import { Hono } from 'hono';
import type { SitePeopleScope } from '../../access/site-people';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { receiveUpload } from '../storage/upload-stream';
import { MAX_FILE_BYTES, TOO_LARGE } from '../import/limits';
import type { IdentityAdmin } from '../site-users/identity-admin';
import { actorOf } from '../site-users/routes';
import { managedSite } from '../site-users/service';
import { importSitePeople } from './people-import';
import { loadCompanies } from './people-columns';
import { peopleTemplate } from './people-template';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function importOptions(q: (k: string) => string | undefined): { simular: boolean; modo: 'tudo' | 'validas' } {
  const simular = q('simular') ?? 'true';
  const modo = q('modo') ?? 'tudo';
  const errors: Record<string, string[]> = {};
  if (simular !== 'true' && simular !== 'false') errors.simular = ['Use true (só simular) ou false (importar).'];
  if (modo !== 'tudo' && modo !== 'validas') errors.modo = ['Use "tudo" (tudo ou nada) ou "validas" (só as linhas válidas).'];
  if (Object.keys(errors).length) throw new ApiError(400, 'Parâmetros inválidos.', errors);
  return { simular: simular === 'true', modo: modo as 'tudo' | 'validas' };
}

export function sitePeopleImportRoutes(db: Db, admin: IdentityAdmin, scope: SitePeopleScope) {
  const r = new Hono<AppEnv>();
  r.get('/:obra/usuarios/importacao/modelo', async (c) => {
    const actor = actorOf(c);
    const site = await managedSite(db, actor, scope, c.req.param('obra'));
    const bytes = await peopleTemplate(actor, scope, await loadCompanies(db));
    const name = `modelo-pessoas-obra-${site.id}.xlsx`.replace(/[^\w.-]+/g, '_');
    return c.body(new Uint8Array(bytes), 200, { 'content-type': XLSX_TYPE, 'content-disposition': `attachment; filename="${name}"` });
  });
  r.post('/:obra/usuarios/importacao', async (c) => {
    const actor = actorOf(c);
    const opts = importOptions((k) => c.req.query(k));
    const site = await managedSite(db, actor, scope, c.req.param('obra'));
    const received = await receiveUpload(c.req.raw);
    try {
      if (received.size > MAX_FILE_BYTES) throw TOO_LARGE();
      const bytes = await readFile(received.path);
      const file = { bytes, name: received.name || 'planilha' };
      return c.json(await importSitePeople({ db, admin, actor, scope, site }, file, opts, await loadCompanies(db)));
    } finally {
      await rm(received.path, { force: true });
    }
  });
  return r;
}
