/**
 * The search box's combobox (issue 39), by WAI-ARIA's pattern (combobox with a listbox popup and
 * `aria-activedescendant`): focus stays in the input, ↑/↓ move through the options, Enter opens the
 * active one, Escape closes the dialog around it. Typed text: the results as they come, grouped by
 * module, then "Ver todos os resultados" (the full page). Nothing typed: the last searches and the
 * records last opened from a search. A polite live region says how many results there are.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Input, Typography } from 'antd';
import { ClockCircleOutlined, FileTextOutlined, SearchOutlined } from '@ant-design/icons';
import type { SearchHit } from '../../../../resources/search';
import { useCurrentUser } from '../../access/ability-context';
import { HitView, groupByModule } from './hit-view';
import { readRecents, rememberRecord, rememberSearch, type RecentRecord } from './recent';
import { recordPath, searchPagePath } from './paths';
import { useSearch } from './use-search';

type Item = { kind: 'hit'; hit: SearchHit } | { kind: 'all' } | { kind: 'recent-search'; text: string } | { kind: 'recent-record'; record: RecentRecord };

interface Section {
  id: string;
  title?: string;
  items: Item[];
}

const LIST_ID = 'busca-lista';
/** The combobox's input (the dialog focuses it once open). */
export const INPUT_ID = 'busca-campo';
const optionId = (i: number) => `busca-opcao-${i}`;
const LIMIT = 8;

export function resultsStatus(q: string, n: number | undefined, loading: boolean, error?: string): string {
  if (!q.trim()) return '';
  if (error) return error;
  if (loading && n === undefined) return 'Buscando…';
  if (n === undefined) return '';
  if (!n) return `Nenhum resultado para “${q.trim()}”.`;
  return n === 1 ? '1 resultado.' : `${n} resultados.`;
}

export function SearchCombobox({ onDone, compact }: { onDone: () => void; compact?: boolean }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [active, setActive] = useState(0);
  const { answer, loading, error } = useSearch(q, { limite: LIMIT });
  const recents = useMemo(() => readRecents(user?.email), [user?.email]);
  const typed = q.trim().length > 0;
  const listRef = useRef<HTMLDivElement>(null);

  const sections: Section[] = useMemo(() => {
    if (!typed) {
      return [
        { id: 'buscas', title: 'Buscas recentes', items: recents.buscas.map((text) => ({ kind: 'recent-search' as const, text })) },
        { id: 'registros', title: 'Abertos recentemente', items: recents.registros.map((record) => ({ kind: 'recent-record' as const, record })) },
      ].filter((s) => s.items.length);
    }
    const hits = answer?.resultados ?? [];
    const groups = groupByModule(hits).map((g) => ({ id: g.recurso, title: g.modulo, items: g.hits.map((hit) => ({ kind: 'hit' as const, hit })) }));
    return hits.length ? [...groups, { id: 'todos', items: [{ kind: 'all' as const }] }] : groups;
  }, [typed, answer, recents]);
  const items = useMemo(() => sections.flatMap((s) => s.items), [sections]);

  useEffect(() => setActive(0), [answer, typed]);
  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const open = (path: string | undefined) => {
    onDone();
    if (path) navigate(path);
  };
  const choose = (item: Item | undefined) => {
    if (!item) return;
    if (item.kind === 'recent-search') return setQ(item.text);
    if (item.kind === 'recent-record') return open(recordPath(item.record.recurso, item.record.id));
    rememberSearch(user?.email, q);
    if (item.kind === 'all') return open(searchPagePath(q.trim()));
    rememberRecord(user?.email, item.hit);
    open(recordPath(item.hit.recurso, item.hit.id));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = items.length;
    if (e.key === 'ArrowDown' && n) {
      e.preventDefault();
      setActive((a) => (a + 1) % n);
    } else if (e.key === 'ArrowUp' && n) {
      e.preventDefault();
      setActive((a) => (a - 1 + n) % n);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (n) choose(items[Math.min(active, n - 1)]);
      else if (typed) open(searchPagePath(q.trim()));
    }
  };

  const status = resultsStatus(q, answer?.resultados.length, loading, error ?? answer?.aviso);
  let index = -1;
  const option = (item: Item, content: ReactNode, key: string) => {
    const i = ++index;
    const selected = i === active;
    const record = item.kind === 'hit' ? item.hit : item.kind === 'recent-record' ? item.record : undefined;
    return (
      <div
        key={key}
        id={optionId(i)}
        data-registro={record ? `${record.recurso}/${record.id}` : undefined}
        role="option"
        aria-selected={selected}
        className={`portal-busca-opcao${selected ? ' portal-busca-opcao-ativa' : ''}`}
        onMouseMove={() => setActive(i)}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => choose(item)}
      >
        {content}
      </div>
    );
  };
  const render = (item: Item, k: number) => {
    switch (item.kind) {
      case 'hit':
        return option(item, <HitView hit={item.hit} compact />, `${item.hit.recurso}-${item.hit.id}`);
      case 'all':
        return option(
          item,
          <span style={{ fontWeight: 500 }}>
            <SearchOutlined /> Ver todos os resultados de “{q.trim()}”
          </span>,
          'todos',
        );
      case 'recent-search':
        return option(
          item,
          <span>
            <ClockCircleOutlined /> {item.text}
          </span>,
          `b-${k}`,
        );
      case 'recent-record':
        return option(
          item,
          <span>
            <FileTextOutlined /> {item.record.codigo ? `${item.record.codigo} · ` : ''}
            {item.record.titulo} <Typography.Text type="secondary">· {item.record.modulo}</Typography.Text>
          </span>,
          `r-${item.record.recurso}-${item.record.id}`,
        );
    }
  };

  return (
    <div className="portal-busca" style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
      <Input
        id={INPUT_ID}
        autoFocus
        size="large"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={onKeyDown}
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Código, número, nome ou palavras"
        role="combobox"
        aria-label="Buscar em todos os módulos"
        aria-autocomplete="list"
        aria-expanded={items.length > 0}
        aria-controls={LIST_ID}
        aria-activedescendant={items.length ? optionId(Math.min(active, items.length - 1)) : undefined}
        maxLength={200}
        allowClear
      />
      <div role="status" aria-live="polite" className="portal-busca-status">
        {status}
      </div>
      <div
        ref={listRef}
        id={LIST_ID}
        role="listbox"
        aria-label={typed ? 'Resultados da busca' : 'Buscas e registros recentes'}
        style={{ overflowY: 'auto', flex: '1 1 auto', maxHeight: compact ? undefined : '60vh' }}
      >
        {sections.map((s) => (
          <div key={s.id} role="group" aria-labelledby={s.title ? `busca-grupo-${s.id}` : undefined} aria-label={s.title ? undefined : 'Mais'}>
            {s.title ? (
              <div id={`busca-grupo-${s.id}`} role="presentation" className="portal-busca-grupo">
                {s.title}
              </div>
            ) : null}
            {s.items.map(render)}
          </div>
        ))}
      </div>
      {!typed && !items.length ? (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 4px 0' }}>
          Busque por código (CT-2025-001, RDO 245), CNPJ, nome ou palavras, em todos os módulos que você pode ver.
        </Typography.Paragraph>
      ) : null}
      {!compact ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, marginTop: 8 }} aria-hidden>
          ↑ ↓ para escolher · Enter para abrir · Esc para fechar
        </Typography.Text>
      ) : null}
    </div>
  );
}
