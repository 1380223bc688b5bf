/** The MS Project reader's choices: durations, weights that add up to 100, the codes of files whose WBS does not nest. */
import { describe, expect, it } from 'vitest';
import { durationHours, openMspdi, shares } from './mspdi-reader';
import { WallTime, type SheetRow } from './cells';

const task = (id: number, level: number, extra: string) => `<Task><UID>${id}</UID><ID>${id}</ID><OutlineLevel>${level}</OutlineLevel>${extra}</Task>`;
const project = (tasks: string[]) =>
  Buffer.from(`<?xml version="1.0"?><Project xmlns="http://schemas.microsoft.com/project"><Tasks>${tasks.join('')}</Tasks></Project>`);

async function rowsOf(buf: Buffer): Promise<SheetRow[]> {
  const out: SheetRow[] = [];
  for await (const r of openMspdi(buf, { obra: '101', area: 'FIELD' }).rows()) out.push(r);
  return out;
}

describe('MS Project reader', () => {
  it('reads MS Project durations in hours', () => {
    expect(durationHours('PT8H0M0S')).toBe(8);
    expect(durationHours('PT7H30M0S')).toBe(7.5);
    expect(durationHours('P2DT4H0M0S')).toBe(52);
    expect(durationHours('PT0H0M0S')).toBe(0);
    expect(durationHours('8 dias')).toBe(0);
  });

  it('gives shares with two decimals that add up to exactly 100, equal ones when nothing weighs', () => {
    const thirds = shares([1, 1, 1]);
    expect(thirds).toEqual([33.34, 33.33, 33.33]);
    expect(shares([400, 72])).toEqual([84.75, 15.25]);
    expect(shares([0, 0])).toEqual([50, 50]);
    for (const w of [[3, 7, 11, 13], [1, 0, 0], [5]]) expect(Math.round(shares(w).reduce((s, x) => s + x, 0) * 100)).toBe(10_000);
  });

  it('skips the baseline inside a task, the project summary and blank tasks; numbers rows by task ID', async () => {
    const rows = await rowsOf(
      project([
        task(0, 0, '<Name>Projeto</Name><WBS>0</WBS>'),
        task(1, 1, '<Name>Fase</Name><WBS>1</WBS><Start>2026-03-02T08:00:00</Start><Finish>2026-03-10T17:00:00</Finish><Work>PT80H0M0S</Work>'),
        task(
          2,
          2,
          '<Name>Tarefa A</Name><WBS>1.1</WBS><Start>2026-03-02T08:00:00</Start><Finish>2026-03-05T17:00:00</Finish><Work>PT60H0M0S</Work>' +
            '<Baseline><Start>2020-01-01T08:00:00</Start><Finish>2020-01-02T17:00:00</Finish><Work>PT1H0M0S</Work></Baseline>',
        ),
        '<Task><UID>3</UID><ID>3</ID><IsNull>1</IsNull></Task>',
        task(4, 2, '<Name>Tarefa B</Name><WBS>1.2</WBS><Start>2026-03-06T08:00:00</Start><Finish>2026-03-10T17:00:00</Finish><Work>PT20H0M0S</Work>'),
      ]),
    );
    expect(rows.map((r) => r.number)).toEqual([0, 1, 2, 4]);
    expect(rows[2].cells.slice(0, 3)).toEqual(['1.1', 'Tarefa A', '1']);
    expect((rows[2].cells[5] as WallTime).date).toBe('2026-03-02');
    expect((rows[2].cells[6] as WallTime).date).toBe('2026-03-05');
    expect(rows.slice(2).map((r) => r.cells[7])).toEqual([75, 25]);
    expect(rows[1].cells[7]).toBe(100);
  });

  it('uses the outline number when the WBS does not nest, and the levels when neither does', async () => {
    const custom = openMspdi(
      project([
        task(1, 1, '<Name>Obra</Name><WBS>OBR-A</WBS><OutlineNumber>1</OutlineNumber>'),
        task(2, 2, '<Name>Etapa</Name><WBS>OBR-B</WBS><OutlineNumber>1.1</OutlineNumber>'),
      ]),
      {},
    );
    expect(custom.notes[0]).toMatch(/número da estrutura de tópicos/);
    const codes: unknown[] = [];
    for await (const r of custom.rows()) codes.push(r.cells[0]);
    expect(codes).toEqual(['Código', '1', '1.1']);

    const bare = await rowsOf(
      project([task(1, 1, '<Name>A</Name>'), task(2, 2, '<Name>B</Name>'), task(3, 2, '<Name>C</Name>'), task(4, 1, '<Name>D</Name>')]),
    );
    expect(bare.slice(1).map((r) => [r.cells[0], r.cells[2]])).toEqual([
      ['1', null],
      ['1.1', '1'],
      ['1.2', '1'],
      ['2', null],
    ]);
  });
});
