/**
 * An engineering document (CRE) marked as a plan (issue 42), mounted at `/api/v1/projetos`:
 * `POST /:id/planta` with `{ arquivo? }` (the key of one of the document's PDFs; optional when it has
 * only one) turns each page of that PDF into a sheet of the document's site, named by the document's
 * code, title, discipline and revision. Done again after a new revision of the document, it replaces
 * the document's sheets and flags their pins. The caller reads the document and may send plans to
 * its site; the PDF passes the same checks as one sent directly.
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import { rm } from 'node:fs/promises';
import { subject } from '@casl/ability';
import { schemaByName } from '../../../schemas';
import type { StoredFile } from '../../../schemas/kinds';
import { PLANTA_DISCIPLINAS } from '../../../schemas/folha-planta';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { actorOf, jsonBody } from '../crud/routes';
import { canOn, parseId, selectOne } from '../crud/record-access';
import type { FileStorage } from '../storage/storage';
import { inspectPlanPdf, plantaMaxMb, PDF_MESSAGES, tooLargePlan } from './pdf-check';
import { BASE_CODE_MAX } from './sheets';
import { importStored, storedToTemp } from './sheet-store';

const bad = (field: string, message: string) => new ApiError(400, message, { [field]: [message] });

export function creSheetRoutes(db: Db, storage: FileStorage) {
  const r = new Hono<AppEnv>();

  r.post('/:id/planta', async (c) => {
    const actor = actorOf(c);
    const schema = schemaByName('projeto')!;
    const id = parseId(schema, c.req.param('id'));
    const doc = await selectOne(db, schema, id);
    if (!doc || !(await canOn(db, schema, actor, 'read', doc))) throw new ApiError(404, 'Documento de projeto não encontrado.');
    const obra = String(doc.obra ?? '');
    if (!actor.ability.can('create', subject('Planta', { obra }) as never)) {
      throw new ApiError(403, 'Você não tem permissão para enviar plantas desta obra.');
    }
    const body = await jsonBody(c.req.raw);
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad('arquivo', 'O corpo da requisição deve ser um objeto JSON.');
    const extra = Object.keys(body).filter((k) => k !== 'arquivo');
    if (extra.length) throw new ApiError(400, 'Campo desconhecido.', Object.fromEntries(extra.map((k) => [k, ['Campo desconhecido.']])));
    const wanted = (body as { arquivo?: unknown }).arquivo;
    if (wanted !== undefined && wanted !== null && (typeof wanted !== 'string' || !wanted || wanted.length > 300)) {
      throw bad('arquivo', 'Informe a chave de um dos arquivos do documento.');
    }
    const files = (Array.isArray(doc.arquivos) ? (doc.arquivos as StoredFile[]) : []).filter((f) => f && typeof f.key === 'string');
    const stored = files.length
      ? (
          await sql<{
            key: string;
            tipo: string;
            tamanho: number;
          }>`select key, tipo, tamanho from arquivo where key in (${sql.join(files.map((f) => f.key))})`.execute(db)
        ).rows
      : [];
    const pdfs = files.filter((f) => stored.some((s) => s.key === f.key && s.tipo === 'application/pdf'));
    let file: StoredFile | undefined;
    if (typeof wanted === 'string') {
      file = files.find((f) => f.key === wanted);
      if (!file) throw bad('arquivo', 'Este arquivo não é do documento.');
      if (!pdfs.includes(file)) throw bad('arquivo', PDF_MESSAGES.naoPdf);
    } else if (pdfs.length === 1) file = pdfs[0];
    else if (!pdfs.length) throw bad('arquivo', 'O documento não tem arquivo PDF: anexe a planta em PDF ao documento.');
    else throw bad('arquivo', `O documento tem ${pdfs.length} arquivos PDF: escolha qual é a planta.`);
    const size = Number(stored.find((s) => s.key === file.key)?.tamanho ?? 0);
    const limit = plantaMaxMb();
    if (size > limit * 1024 * 1024) throw tooLargePlan(limit);
    const codigo = String(doc.codigo ?? '');
    const path = await storedToTemp(storage, file.key, limit * 1024 * 1024);
    if (!path) throw bad('arquivo', 'O arquivo do documento não foi encontrado no armazenamento.');
    try {
      const paginas = await inspectPlanPdf(path);
      if (paginas.length > 1 && codigo.length > BASE_CODE_MAX) {
        throw bad('codigo', `O código do documento tem mais de ${BASE_CODE_MAX} caracteres: não cabe o número da folha (-01, -02…).`);
      }
      const disciplina = PLANTA_DISCIPLINAS.includes(String(doc.disciplina)) ? String(doc.disciplina) : 'Geral';
      const result = await importStored(db, actor, {
        obra,
        conjunto: `projeto:${id}`,
        projeto: id,
        revisao: String(doc.revisao ?? '0'),
        codigo,
        titulo: String(doc.titulo ?? codigo),
        disciplina,
        file: { key: file.key, name: file.name, size: size || file.size, type: 'application/pdf' },
        paginas,
      });
      return c.json(result, 201);
    } finally {
      await rm(path, { force: true });
    }
  });
  return r;
}
