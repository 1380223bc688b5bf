/**
 * A works schedule as MS Project saves it in XML (MSPDI), generated for the import tests: the
 * project's summary task, phases and sub-phases as summary tasks (OutlineLevel, OutlineNumber, WBS),
 * leaf tasks with work, one milestone, and what a real file also carries around the tasks (calendars,
 * predecessors, baselines with other dates, extended attributes, resources and assignments), which
 * the reader must skip. `delayFrom`/`delayDays` push every leaf from that one on (a revised schedule).
 */

type Leaf = [name: string, days: number, crew?: number];
interface Group {
  name: string;
  kids: (Group | Leaf)[];
}

export const SCHEDULE: Group[] = [
  {
    name: 'Serviços preliminares',
    kids: [
      ['Mobilização do canteiro', 5, 4],
      ['Ligações provisórias', 3, 2],
      ['Locação da obra', 2, 3],
    ],
  },
  {
    name: 'Fundações',
    kids: [
      {
        name: 'Estacas',
        kids: [
          ['Cravação de estacas', 10, 5],
          ['Arrasamento de estacas', 3, 3],
        ],
      },
      {
        name: 'Blocos e baldrames',
        kids: [
          ['Escavação', 4, 4],
          ['Armação', 5, 4],
          ['Concretagem', 3, 6],
        ],
      },
    ],
  },
  {
    name: 'Estrutura',
    kids: [
      {
        name: 'Pavimento térreo',
        kids: [
          ['Pilares do térreo', 6, 6],
          ['Vigas do térreo', 5, 6],
          ['Laje do térreo', 6, 8],
        ],
      },
      {
        name: '1º pavimento',
        kids: [
          ['Pilares do 1º pavimento', 6, 6],
          ['Vigas do 1º pavimento', 5, 6],
          ['Laje do 1º pavimento', 6, 8],
        ],
      },
      {
        name: 'Cobertura',
        kids: [
          ['Estrutura do telhado', 5, 4],
          ['Telhamento', 4, 3],
        ],
      },
    ],
  },
  {
    name: 'Alvenaria e vedações',
    kids: [
      ['Alvenaria do térreo', 8, 6],
      ['Alvenaria do 1º pavimento', 8, 6],
      ['Vergas e contravergas', 3, 2],
    ],
  },
  {
    name: 'Instalações',
    kids: [
      {
        name: 'Elétrica',
        kids: [
          ['Eletrodutos', 5, 2],
          ['Fiação', 4, 2],
          ['Quadros e tomadas', 3, 2],
        ],
      },
      {
        name: 'Hidrossanitária',
        kids: [
          ['Água fria', 5, 2],
          ['Esgoto', 4, 2],
          ['Louças e metais', 3, 2],
        ],
      },
    ],
  },
  {
    name: 'Acabamentos',
    kids: [
      ['Reboco', 10, 6],
      ['Contrapiso', 5, 4],
      ['Revestimento cerâmico', 8, 4],
      ['Pintura', 10, 4],
      ['Esquadrias', 4, 2],
    ],
  },
  {
    name: 'Entrega',
    kids: [
      ['Limpeza final', 3, 4],
      ['Vistoria com o cliente', 2, 2],
      ['Entrega da obra', 0],
    ],
  },
];

export interface FixtureTask {
  id: number;
  level: number;
  outline: string;
  name: string;
  start: string;
  finish: string;
  hours: number;
  work: number;
  summary: boolean;
  milestone: boolean;
}

const DAY = 86_400_000;
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const dur = (h: number) => `PT${Math.round(h)}H0M0S`;

/** The tasks in MS Project's order (ID 1…), dates from `start`, leaves one after the other. */
export function scheduleTasks(opts: { start?: string; delayFrom?: string; delayDays?: number; rename?: Record<string, string> } = {}): FixtureTask[] {
  const out: FixtureTask[] = [];
  let cursor = opts.start ?? '2026-03-02';
  const walk = (items: (Group | Leaf)[], level: number, prefix: string) => {
    const mine: FixtureTask[] = [];
    items.forEach((item, i) => {
      const outline = prefix ? `${prefix}.${i + 1}` : String(i + 1);
      if (Array.isArray(item)) {
        const [name, days, crew = 0] = item;
        if (name === opts.delayFrom) cursor = addDays(cursor, opts.delayDays ?? 0);
        const start = days ? cursor : addDays(cursor, -1);
        const finish = days ? addDays(cursor, days - 1) : start;
        if (days) cursor = addDays(finish, 1);
        const t = {
          id: 0,
          level,
          outline,
          name: opts.rename?.[name] ?? name,
          start,
          finish,
          hours: days * 8,
          work: days * 8 * crew,
          summary: false,
          milestone: !days,
        };
        out.push(t);
        mine.push(t);
        return;
      }
      const t: FixtureTask = { id: 0, level, outline, name: item.name, start: '', finish: '', hours: 0, work: 0, summary: true, milestone: false };
      out.push(t);
      const kids = walk(item.kids, level + 1, outline);
      t.start = kids.map((k) => k.start).sort()[0];
      t.finish = kids.map((k) => k.finish).sort()[kids.length - 1];
      t.work = kids.reduce((s, k) => s + k.work, 0);
      t.hours = (Date.parse(t.finish) - Date.parse(t.start)) / 3_600_000 + 8;
      mine.push(t);
    });
    return mine;
  };
  walk(SCHEDULE, 1, '');
  out.forEach((t, i) => (t.id = i + 1));
  return out;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The MSPDI file of these tasks. */
export function mspdiXml(tasks: FixtureTask[], title = 'Residencial Jardim das Flores'): string {
  const first = tasks.map((t) => t.start).sort()[0];
  const last = tasks.map((t) => t.finish).sort()[tasks.length - 1];
  const task = (t: FixtureTask, i: number) =>
    [
      '<Task>',
      `<UID>${t.id}</UID><ID>${t.id}</ID><Name>${esc(t.name)}</Name><Type>0</Type><IsNull>0</IsNull>`,
      `<WBS>${t.outline}</WBS><OutlineNumber>${t.outline}</OutlineNumber><OutlineLevel>${t.level}</OutlineLevel>`,
      `<Start>${t.start}T08:00:00</Start><Finish>${t.finish}T17:00:00</Finish>`,
      `<Duration>${dur(t.hours)}</Duration><DurationFormat>7</DurationFormat><Work>${dur(t.work)}</Work>`,
      `<Milestone>${t.milestone ? 1 : 0}</Milestone><Summary>${t.summary ? 1 : 0}</Summary><PercentComplete>0</PercentComplete>`,
      i > 0 && !t.summary ? `<PredecessorLink><PredecessorUID>${t.id - 1}</PredecessorUID><Type>1</Type><LinkLag>0</LinkLag></PredecessorLink>` : '',
      `<ExtendedAttribute><FieldID>188743731</FieldID><Value>Frente ${(i % 3) + 1}</Value></ExtendedAttribute>`,
      `<Baseline><Number>0</Number><Start>2025-01-01T08:00:00</Start><Finish>2025-01-02T17:00:00</Finish><Duration>PT16H0M0S</Duration><Work>PT999H0M0S</Work></Baseline>`,
      '</Task>',
    ].join('');
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<Project xmlns="http://schemas.microsoft.com/project">',
    `<SaveVersion>14</SaveVersion><Name>${esc(title)}.xml</Name><Title>${esc(title)}</Title><ScheduleFromStart>1</ScheduleFromStart>`,
    `<StartDate>${first}T08:00:00</StartDate><FinishDate>${last}T17:00:00</FinishDate><MinutesPerDay>480</MinutesPerDay>`,
    '<Calendars><Calendar><UID>1</UID><Name>Padrão</Name><IsBaseCalendar>1</IsBaseCalendar><WeekDays><WeekDay><DayType>1</DayType><DayWorking>0</DayWorking></WeekDay></WeekDays></Calendar></Calendars>',
    '<Tasks>',
    `<Task><UID>0</UID><ID>0</ID><Name>${esc(title)}</Name><WBS>0</WBS><OutlineNumber>0</OutlineNumber><OutlineLevel>0</OutlineLevel><Start>${first}T08:00:00</Start><Finish>${last}T17:00:00</Finish><Summary>1</Summary></Task>`,
    ...tasks.map(task),
    '</Tasks>',
    '<Resources><Resource><UID>1</UID><ID>1</ID><Name>Equipe de obra</Name><Type>1</Type></Resource></Resources>',
    '<Assignments><Assignment><UID>1</UID><TaskUID>2</TaskUID><ResourceUID>1</ResourceUID><Start>2026-03-02T08:00:00</Start><Finish>2026-03-06T17:00:00</Finish><Work>PT160H0M0S</Work></Assignment></Assignments>',
    '</Project>',
  ].join('\n');
}
