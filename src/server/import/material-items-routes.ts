/**
 * Items of a materials list from a spreadsheet (issue 38), mounted on /api/v1/materiais before the
 * generic CRUD; described in src/server/openapi/material-items-paths.ts:
 * - GET /:id/itens/modelo — the items' template (.xlsx: the item fields' labels, an example row, option lists);
 * - POST /:id/itens/simulacao — the dry run of a file (multipart `file`, `modo`): nothing written;
 * - POST /:id/itens/importacao — the import (multipart `file`, `modo`, `version`), one update of the list.
 */
import { readFile, rm } from 'node:fs/promises';
import { Hono, type Context } from 'hono';
import type { EntitySchema } from '../../../schemas/kinds';
import { MATERIAL_ITEMS_MODES, type MaterialItemsMode } from '../../../resources/material-itens-importacao';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { actorOf } from '../crud/routes';
import { receiveUpload } from '../storage/upload-stream';
import { MAX_FILE_BYTES, TOO_LARGE } from './limits';
import { templateWorkbook } from './template';
import { cleanFileName, importItems, itemsSchemaOf, listForImport } from './material-items';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function modeOf(raw: string | undefined): MaterialItemsMode {
  const mode = raw === undefined || raw === '' ? 'acrescentar' : raw;
  if (!MATERIAL_ITEMS_MODES.includes(mode as MaterialItemsMode)) {
    throw new ApiError(400, 'Escolha como importar os itens.', { modo: ['Use "acrescentar" (depois dos itens da lista) ou "substituir" (no lugar deles).'] });
  }
  return mode as MaterialItemsMode;
}

const idOf = (raw: string) => {
  if (!/^\d{1,15}$/.test(raw)) throw new ApiError(404, 'Lista de materiais não encontrada.');
  return raw;
};

export function materialItemsRoutes(db: Db, effective: () => EntitySchema | undefined) {
  const r = new Hono<AppEnv>();
  const schemaOf = (): EntitySchema => {
    const schema = effective();
    if (!schema) throw new ApiError(404, 'Lista de materiais não encontrada.');
    return schema;
  };

  r.get('/:id/itens/modelo', async (c) => {
    const schema = schemaOf();
    const actor = actorOf(c);
    await listForImport(db, schema, actor, idOf(c.req.param('id')));
    const bytes = await templateWorkbook(db, itemsSchemaOf(schema), actor);
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': XLSX_TYPE,
      'content-disposition': `attachment; filename="modelo-itens-materiais.xlsx"`,
    });
  });

  const upload = (write: boolean) => async (c: Context<AppEnv>) => {
    const schema = schemaOf();
    const actor = actorOf(c);
    const rawId = idOf(c.req.param('id') ?? '');
    const received = await receiveUpload(c.req.raw);
    try {
      if (received.size > MAX_FILE_BYTES) throw TOO_LARGE();
      const mode = modeOf(received.fields.modo);
      let version: number | undefined;
      if (write) {
        version = Number(received.fields.version);
        if (!received.fields.version || !Number.isInteger(version)) {
          throw new ApiError(400, 'Informe a versão da lista que você simulou.', { version: ['Campo obrigatório.'] });
        }
      }
      const bytes = await readFile(received.path);
      const report = await importItems(db, schema, actor, { rawId, bytes, name: cleanFileName(received.name), mode, version }, write);
      return c.json(report, 200);
    } finally {
      await rm(received.path, { force: true });
    }
  };
  r.post('/:id/itens/simulacao', upload(false));
  r.post('/:id/itens/importacao', upload(true));

  return r;
}
