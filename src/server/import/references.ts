/**
 * References and people typed in a spreadsheet, found in the database: a reference by its key (the
 * site's code, a company's CNPJ, an id) or by its record's title, as the export writes it, among
 * the records the person may read; a person by e-mail ("Nome <e-mail>") or by the name of an active
 * portal user. Not found: the message names the closest value the person may use.
 */
import { sql } from 'kysely';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { schemaByName } from '../../../schemas';
import type { Db } from '../db/connect';
import { columnSql, fieldOf } from '../db/columns';
import { readWhere, type Actor } from '../crud/record-access';
import { closest, normalizeText, suggestion } from './text-match';
import type { Coerced } from './values';

interface Found {
  key: string;
  title: string;
}

const SUGGESTION_POOL = 5000;

export class Resolver {
  private cache = new Map<string, Coerced>();
  private pools = new Map<string, string[]>();
  constructor(
    private readonly actor: Actor,
    /** The effective schema of a referenced entity (custom fields included). */
    private readonly schemaOf: (name: string) => EntitySchema | undefined = schemaByName,
  ) {}

  private target(field: FieldDef) {
    const target = field.ref ? this.schemaOf(field.ref) : undefined;
    if (!target) return undefined;
    const refKey = field.refKey ?? 'id';
    const keyField = refKey === 'id' ? undefined : fieldOf(target, refKey);
    const title = fieldOf(target, target.titleField);
    return { target, refKey, keyField, title };
  }

  /** The readable records of the target, as SQL (none at all when the person may not list them). */
  private readable(target: EntitySchema) {
    try {
      return readWhere(target, this.actor);
    } catch {
      return sql<boolean>`false`;
    }
  }

  async reference(db: Db, field: FieldDef, raw: unknown): Promise<Coerced> {
    const text = String(raw ?? '').trim();
    if (!text) return { value: null };
    const cacheKey = `${field.name}\u0000${text}`;
    const hit = this.cache.get(cacheKey);
    if (hit) return hit;
    const result = await this.findReference(db, field, text);
    if (this.cache.size < 100_000) this.cache.set(cacheKey, result);
    return result;
  }

  /**
   * A tree's parent typed as its code ("1.2"), looked up in the row's own tree (the other fields of
   * the natural key: the EAP's site and area) among the records the person may read, the rows this
   * import wrote before it included. A text that is neither the code of the row's parent level nor
   * written as a code is looked up as any reference (an export names the parent by its title).
   */
  async treeParent(db: Db, schema: EntitySchema, field: FieldDef, values: Record<string, unknown>, text: string): Promise<Coerced> {
    const code = schema.tree?.code;
    const codeField = code && fieldOf(schema, code.field);
    const scope = (schema.importKey ?? []).filter((k) => k !== code?.field).map((k) => fieldOf(schema, k));
    const own = values[code?.field ?? ''];
    if (!code || !codeField || scope.some((f, i) => !f || values[f.name] === null || values[f.name] === undefined || i > 8))
      return this.reference(db, field, text);
    const conds = scope.map((f) => sql`cast(${sql.raw(columnSql(f!))} as text) = ${String(values[f!.name])}`);
    const r = await sql<{ id: string }>`select id from ${sql.table(schema.name)} where ${sql.raw(columnSql(codeField))} = ${text}
      and ${sql.join(conds, sql` and `)} and ${this.readable(schema)} limit 2`.execute(db);
    if (r.rows.length === 1) return { value: Number(r.rows[0].id) };
    // The parent level's code, or a text written as a code (1, 1.2): never taken for a record's id.
    const digits = new RegExp(`^\\d+(\\${code.separator}\\d+)*$`);
    if ((typeof own === 'string' && own.startsWith(`${text}${code.separator}`)) || digits.test(text)) {
      const where = scope.map((f) => f!.label.toLowerCase()).join(' e ');
      return { error: `O item pai de código "${text}" não existe em ${schema.labelPlural} (mesma ${where}): importe-o numa linha acima ou corrija o código.` };
    }
    return this.reference(db, field, text);
  }

  private async findReference(db: Db, field: FieldDef, text: string): Promise<Coerced> {
    const t = this.target(field);
    if (!t) return { value: text };
    const keySql = sql.raw(t.keyField ? columnSql(t.keyField) : 'id');
    const titleSql = t.title && !['person', 'object', 'rows', 'attachments', 'images', 'tags'].includes(t.title.kind) ? sql.raw(columnSql(t.title)) : keySql;
    const where = this.readable(t.target);
    const pick = async (cond: ReturnType<typeof sql>) =>
      (
        await sql<Found>`select cast(${keySql} as text) as key, cast(${titleSql} as text) as title from ${sql.table(t.target.name)}
          where ${cond} and ${where} limit 2`.execute(db)
      ).rows;
    const byKey = async (value: string) => pick(sql`cast(${keySql} as text) = ${value}`);
    // The key as typed, then as digits (a CNPJ typed with its punctuation), then the title.
    let rows = t.refKey === 'id' ? (/^\d{1,15}$/.test(text) ? await byKey(text) : []) : await byKey(text);
    if (!rows.length && t.keyField?.format === 'cnpj' && /\d/.test(text)) rows = await byKey(text.replace(/\D/g, ''));
    if (!rows.length) rows = await pick(sql`lower(cast(${titleSql} as text)) = lower(${text})`);
    if (rows.length === 1) return { value: t.refKey === 'id' ? Number(rows[0].key) : rows[0].key };
    if (rows.length > 1) return { error: `Há mais de um registro de ${t.target.labelPlural} chamado "${text}": informe o código.` };
    // Accents and spacing aside, among the records the person may use; else the closest one.
    const pool = await this.pool(db, t.target, keySql, titleSql, where);
    const wanted = normalizeText(text);
    const same = pool.filter((p) => normalizeText(p.title) === wanted || normalizeText(p.key) === wanted);
    if (same.length === 1) return { value: t.refKey === 'id' ? Number(same[0].key) : same[0].key };
    return {
      error: `Não encontrado em ${t.target.labelPlural}: "${text}".${suggestion(
        closest(
          text,
          pool.map((p) => p.title),
        ),
      )}`,
    };
  }

  private poolRows = new Map<string, Found[]>();
  private async pool(db: Db, target: EntitySchema, keySql: ReturnType<typeof sql.raw>, titleSql: ReturnType<typeof sql.raw>, where: unknown): Promise<Found[]> {
    const cached = this.poolRows.get(target.name);
    if (cached) return cached;
    const rows = (
      await sql<Found>`select cast(${keySql} as text) as key, cast(${titleSql} as text) as title from ${sql.table(target.name)}
        where ${where as ReturnType<typeof sql>} and ${titleSql} is not null limit ${SUGGESTION_POOL}`.execute(db)
    ).rows;
    this.poolRows.set(target.name, rows);
    return rows;
  }

  /** A person given by name only: the active portal user of that name. */
  async person(db: Db, value: { mail?: string; nome?: string }): Promise<Coerced> {
    if (value.mail) return { value };
    const nome = (value.nome ?? '').trim();
    if (!nome) return { value: null };
    const cacheKey = `\u0001${nome}`;
    const hit = this.cache.get(cacheKey);
    if (hit) return hit;
    const r = await sql<{ mail: string; nome: string }>`select email as mail, nome from usuario
      where coalesce(ativo, true) and lower(nome) = lower(${nome}) limit 2`.execute(db);
    let out: Coerced;
    if (r.rows.length === 1) out = { value: { mail: r.rows[0].mail, nome: r.rows[0].nome } };
    else if (r.rows.length > 1) out = { error: `Há mais de uma pessoa chamada "${nome}": informe o e-mail (Nome <e-mail>).` };
    else {
      let names = this.pools.get('usuario');
      if (!names) {
        names = (
          await sql<{ nome: string }>`select nome from usuario where coalesce(ativo, true) and nome is not null limit ${SUGGESTION_POOL}`.execute(db)
        ).rows.map((x) => x.nome);
        this.pools.set('usuario', names);
      }
      out = { error: `Pessoa não encontrada entre os usuários do portal: "${nome}". Informe o e-mail (Nome <e-mail>).${suggestion(closest(nome, names))}` };
    }
    this.cache.set(cacheKey, out);
    return out;
  }
}
