/**
 * A works schedule saved by MS Project as XML (MSPDI, "Salvar como → XML"), read as the rows of the
 * EAP (`eapOs`) so that it goes through the same mapping, dry run, import and history as a
 * spreadsheet. Each task becomes one row, numbered by its ID in MS Project (the "linha N" of the
 * report and of the history is the task's row in MS Project):
 * - Código: the task's WBS when every WBS of the file nests as 1 / 1.2 / 1.2.3 under its parent's,
 *   else its outline number when those nest, else numbers given by the outline levels in file order;
 * - Descrição: the name; Item pai: the code of the nearest task above it with a lower outline level;
 * - Início/Término previsto: the Start/Finish dates (time of day dropped);
 * - Peso (%): the task's share of its siblings' Work (hours of work), or of their Duration when no
 *   sibling has work assigned; siblings with neither share equally; rounded to two decimals and
 *   summing to 100 per level;
 * - Obra and Área: the site and area chosen on upload, the same on every row.
 * The project's summary task (outline level 0) and blank tasks are left out. The XML is parsed
 * with saxes: a DOCTYPE (the only place entities are declared) is refused, so no entity is ever
 * expanded; any XML error is a 400.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { BadFile, MAX_ROWS, TOO_MANY_ROWS } from './limits';
import { WallTime, type SheetRow } from './cells';

/** The header the rows carry: the EAP's field labels, so the automatic mapping takes every column. */
export const MSPDI_HEADER = ['Código', 'Descrição', 'Item pai', 'Obra', 'Área', 'Início previsto', 'Término previsto', 'Peso (%)'];

export const NOT_MSPDI = () =>
  new BadFile('O arquivo não é um cronograma XML do MS Project válido. No MS Project, use "Salvar como" e escolha o tipo "Formato XML (*.xml)".');
export const MSPDI_DECLARATIONS = () =>
  new BadFile('O arquivo XML contém declarações DOCTYPE/ENTITY, que não são aceitas. Salve o cronograma de novo no MS Project como XML.');
export const MSPDI_NO_TASKS = () => new BadFile('O cronograma não tem tarefas para importar.');

interface Task {
  id: number;
  level: number;
  outline: string;
  wbs: string;
  name: string;
  start: string | null;
  finish: string | null;
  hours: number;
  work: number;
}

/** An ISO 8601 duration of MS Project (PT8H0M0S, P2DT4H30M0S) in hours; 0 when unreadable. */
export function durationHours(text: string): number {
  const m = /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text.trim());
  if (!m) return 0;
  const [d, h, min, s] = m.slice(1).map((x) => Number(x ?? 0));
  return d * 24 + h + min / 60 + s / 3600;
}

/** The file's text: UTF-8 (with or without BOM) or UTF-16 with its BOM. */
function decode(buf: Buffer): string {
  try {
    if (buf[0] === 0xff && buf[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true }).decode(buf.subarray(2));
    if (buf[0] === 0xfe && buf[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true }).decode(buf.subarray(2));
    return new TextDecoder('utf-8', { fatal: true }).decode(buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? buf.subarray(3) : buf);
  } catch {
    throw NOT_MSPDI();
  }
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);
const FIELDS = new Set(['ID', 'OutlineLevel', 'OutlineNumber', 'WBS', 'Name', 'Start', 'Finish', 'Duration', 'Work', 'IsNull']);

/** The tasks of the file, in its order (blank tasks and the project's summary task left out). */
export function parseTasks(buf: Buffer): { tasks: Task[]; project: string } {
  const text = decode(buf);
  const p = new SaxesParser({ xmlns: false, position: false });
  const stack: string[] = [];
  const tasks: Task[] = [];
  const project = { Title: '', Name: '' };
  let task: Record<string, string> | null = null;
  let field: string | null = null;
  p.on('doctype', () => {
    throw MSPDI_DECLARATIONS();
  });
  p.on('error', () => {
    throw NOT_MSPDI();
  });
  p.on('opentag', (t: SaxesTagPlain) => {
    const n = local(t.name);
    if (!stack.length && n !== 'Project') throw NOT_MSPDI();
    stack.push(n);
    const path = stack.join('/');
    if (path === 'Project/Tasks/Task') task = {};
    else if (task && stack.length === 4 && FIELDS.has(n)) field = n;
    else if (path === 'Project/Title' || path === 'Project/Name') field = n;
  });
  p.on('text', (s) => {
    if (!field) return;
    const into: Record<string, string> = task ?? project;
    into[field] = (into[field] ?? '') + s;
    if (into[field].length > 2000) throw NOT_MSPDI();
  });
  p.on('closetag', (t: SaxesTagPlain) => {
    const n = local(t.name);
    stack.pop();
    if (field === n) field = null;
    if (n === 'Task' && task && stack.length === 2) {
      const level = Number(task.OutlineLevel ?? NaN);
      if (task.IsNull !== '1' && Number.isInteger(level) && level >= 1) {
        if (tasks.length >= MAX_ROWS) throw TOO_MANY_ROWS();
        const day = (v: string | undefined) => (/^\d{4}-\d{2}-\d{2}/.test(v ?? '') ? v!.slice(0, 10) : null);
        tasks.push({
          id: Number(task.ID ?? NaN),
          level,
          outline: (task.OutlineNumber ?? '').trim(),
          wbs: (task.WBS ?? '').trim(),
          name: (task.Name ?? '').trim(),
          start: day(task.Start),
          finish: day(task.Finish),
          hours: durationHours(task.Duration ?? ''),
          work: durationHours(task.Work ?? ''),
        });
      }
      task = null;
    }
  });
  try {
    for (let i = 0; i < text.length; i += 1 << 20) p.write(text.slice(i, i + (1 << 20)));
    p.close();
  } catch (e) {
    throw e instanceof BadFile ? e : NOT_MSPDI();
  }
  if (!tasks.length) throw MSPDI_NO_TASKS();
  return { tasks, project: (project.Title.trim() || project.Name.trim()).replace(/\.xml$/i, '') };
}

/** Each task's parent (index of the nearest earlier task with a lower outline level), or -1. */
function parentsOf(tasks: Task[]): number[] {
  const open: number[] = [];
  return tasks.map((t, i) => {
    while (open.length && tasks[open[open.length - 1]].level >= t.level) open.pop();
    const parent = open.length ? open[open.length - 1] : -1;
    open.push(i);
    return parent;
  });
}

/** Shares of 100 in proportion to the weights, two decimals, summing to exactly 100. */
export function shares(weights: number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  const base = total > 0 ? weights : weights.map(() => 1);
  const sum = total > 0 ? total : weights.length;
  const cents = base.map((w) => Math.floor((w / sum) * 10_000));
  let rest = 10_000 - cents.reduce((s, c) => s + c, 0);
  const order = base.map((w, i) => ({ i, frac: (w / sum) * 10_000 - cents[i] })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; rest > 0; k = (k + 1) % order.length, rest--) cents[order[k].i]++;
  return cents.map((c) => c / 100);
}

export interface MspdiSheet {
  rows: () => AsyncGenerator<SheetRow>;
  project: string;
  notes: string[];
}

/** The schedule as rows of the EAP of one site and area (header as row 0, each task at its ID). */
export function openMspdi(buf: Buffer, target: { obra?: string; area?: string }): MspdiSheet {
  const { tasks, project } = parseTasks(buf);
  const parents = parentsOf(tasks);
  const nests = (code: (t: Task) => string) =>
    tasks.every((t, i) => code(t) !== '' && (parents[i] < 0 ? !code(t).includes('.') : code(t).startsWith(`${code(tasks[parents[i]])}.`)));
  // Codes from the levels alone (1, 1.1, 1.2, 2…), for a file whose numbers do not nest either.
  const byLevel: string[] = [];
  const counters = new Map<number, number>();
  tasks.forEach((_, i) => {
    const n = (counters.get(parents[i]) ?? 0) + 1;
    counters.set(parents[i], n);
    byLevel[i] = parents[i] < 0 ? String(n) : `${byLevel[parents[i]]}.${n}`;
  });
  const notes: string[] = [];
  let code: (t: Task) => string = (t) => t.wbs;
  if (!nests(code)) {
    const outline = nests((t) => t.outline);
    const index = new Map(tasks.map((t, i) => [t, i]));
    code = outline ? (t) => t.outline : (t) => byLevel[index.get(t)!];
    notes.push(
      `Os códigos da EDT (WBS) do arquivo não seguem a hierarquia (1, 1.2, 1.2.3): os códigos vêm ${outline ? 'do número da estrutura de tópicos' : 'dos níveis das tarefas, na ordem do arquivo'}.`,
    );
  }
  // The siblings of each parent share 100 %, by work, else by duration.
  const weight = new Array<number>(tasks.length).fill(0);
  const groups = new Map<number, number[]>();
  parents.forEach((p, i) => groups.set(p, [...(groups.get(p) ?? []), i]));
  let byDuration = 0;
  for (const members of groups.values()) {
    const work = members.map((i) => tasks[i].work);
    const useWork = work.some((w) => w > 0);
    if (!useWork) byDuration++;
    shares(useWork ? work : members.map((i) => tasks[i].hours)).forEach((s, k) => (weight[members[k]] = s));
  }
  if (byDuration) notes.push(`Em ${byDuration} nível(is) sem trabalho (Work) atribuído, o peso de cada tarefa vem da sua duração.`);
  // The task's ID is its row; files whose IDs are missing or out of order are numbered in sequence.
  const byId = tasks.every((t, i) => Number.isInteger(t.id) && t.id >= 1 && (i === 0 || t.id > tasks[i - 1].id));
  if (!byId) notes.push('As tarefas do arquivo não têm ID em ordem: as linhas do relatório seguem a ordem das tarefas no arquivo.');
  const wall = (d: string | null) => (d ? new WallTime(`${d}T00:00:00`, false) : null);
  async function* rows(): AsyncGenerator<SheetRow> {
    yield { number: 0, cells: [...MSPDI_HEADER] };
    for (let i = 0; i < tasks.length; i++) {
      const t = tasks[i];
      yield {
        number: byId ? t.id : i + 1,
        cells: [
          code(t),
          t.name || null,
          parents[i] >= 0 ? code(tasks[parents[i]]) : null,
          target.obra ?? null,
          target.area ?? null,
          wall(t.start),
          wall(t.finish),
          weight[i],
        ],
      };
    }
  }
  return { rows, project, notes };
}
