import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import type { FileStorage } from './storage';

export const MAX_UPLOAD_MB = Number(process.env.UPLOAD_MAX_MB ?? 25);
/** Types accepted by the portal's attachments (a field may narrow them further). */
export const ACCEPTED_TYPES = [
  'image/',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/acad',
  'image/vnd.dwg',
  'application/octet-stream',
];

const safeName = (n: string) => n.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 120) || 'arquivo';

export function fileRoutes(db: Db, storage: FileStorage) {
  const r = new Hono<AppEnv>();
  r.post('/', async (c) => {
    const len = Number(c.req.header('content-length') ?? 0);
    if (len > (MAX_UPLOAD_MB + 1) * 1024 * 1024) throw new ApiError(413, `O arquivo excede o limite de ${MAX_UPLOAD_MB} MB.`);
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw new ApiError(400, 'Envie o arquivo como multipart/form-data no campo "file".');
    }
    const file = form.get('file');
    if (!file || typeof file === 'string') throw new ApiError(400, 'Nenhum arquivo recebido.', { file: ['Selecione um arquivo.'] });
    if (file.size === 0) throw new ApiError(400, 'O arquivo está vazio.', { file: ['O arquivo está vazio.'] });
    if (file.size > MAX_UPLOAD_MB * 1024 * 1024) {
      throw new ApiError(413, `O arquivo excede o limite de ${MAX_UPLOAD_MB} MB.`, { file: [`Máximo de ${MAX_UPLOAD_MB} MB.`] });
    }
    const type = file.type || 'application/octet-stream';
    if (!ACCEPTED_TYPES.some((t) => type.startsWith(t))) {
      throw new ApiError(415, `Tipo de arquivo não permitido: ${type}.`, { file: ['Tipo de arquivo não permitido.'] });
    }
    const name = safeName(file.name);
    const key = `${new Date().toISOString().slice(0, 7)}/${randomUUID()}/${name}`;
    await storage.put(key, new Uint8Array(await file.arrayBuffer()), type);
    await db.insertInto('arquivo').values({ key, nome: name, tamanho: file.size, tipo: type, criado_por: c.get('user').email }).execute();
    return c.json({ key, name, size: file.size, type, url: `/api/v1/arquivos/${key}` }, 201);
  });
  r.get('/*', async (c) => {
    const key = decodeURIComponent(c.req.path.replace(/^.*?\/arquivos\//, ''));
    const meta = await db.selectFrom('arquivo').selectAll().where('key', '=', key).executeTakeFirst();
    if (!meta) throw new ApiError(404, 'Arquivo não encontrado.');
    const obj = await storage.get(key);
    if (!obj) throw new ApiError(404, 'Arquivo não encontrado.');
    return new Response(obj.body, {
      headers: {
        'content-type': String(meta.tipo),
        'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(String(meta.nome))}`,
        'cache-control': 'private, max-age=3600',
        ...(obj.size ? { 'content-length': String(obj.size) } : {}),
      },
    });
  });
  return r;
}
