/**
 * "Busca" (`/busca?q=&modulo=`, issue 39): every result of a search, best first, up to 50, with the
 * modules that had results as filters (each with its count, "50+" when there are more). Each title
 * opens its record. The text and the filter live in the address, so the page can be shared and the
 * browser's back button returns to it.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Card, Empty, Input, List, Radio, Space, Typography } from 'antd';
import { SEARCH_MAX_LIMIT, type SearchModuleCount } from '../../../../resources/search';
import { useCurrentUser } from '../../access/ability-context';
import { HitView } from './hit-view';
import { recordPath } from './paths';
import { rememberRecord, rememberSearch } from './recent';
import { SearchStyles } from './search-styles';
import { useSearch } from './use-search';

const countLabel = (m: SearchModuleCount) => `${m.modulo} (${m.mais ? `${m.quantidade}+` : m.quantidade})`;

export function SearchPage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const modulo = params.get('modulo') ?? '';
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  // Every module's results (for the filters) and, with a filter, that module's.
  const all = useSearch(q, { limite: SEARCH_MAX_LIMIT, debounce: false });
  const filtered = useSearch(modulo ? q : '', { limite: SEARCH_MAX_LIMIT, modulo, debounce: false });
  const shown = modulo ? filtered : all;
  const hits = shown.answer?.resultados ?? [];
  const modules = all.answer?.modulos ?? [];

  const submit = (value: string) => {
    const next = value.trim();
    rememberSearch(user?.email, next);
    setParams(next ? { q: next, ...(modulo ? { modulo } : {}) } : {});
  };
  const status = !q ? '' : shown.loading && !shown.answer ? 'Buscando…' : hits.length === 1 ? '1 resultado.' : `${hits.length} resultados.`;

  return (
    <Card title="Resultados da busca" styles={{ body: { paddingTop: 12 } }}>
      <SearchStyles />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Input.Search
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={submit}
          enterButton="Buscar"
          size="large"
          maxLength={200}
          allowClear
          aria-label="Buscar em todos os módulos"
          placeholder="Código, número, nome ou palavras"
        />
        {modules.length > 1 || modulo ? (
          <Radio.Group
            aria-label="Filtrar por módulo"
            optionType="button"
            value={modulo}
            onChange={(e) => setParams({ q, ...(e.target.value ? { modulo: e.target.value } : {}) })}
            options={[{ value: '', label: 'Todos' }, ...modules.map((m) => ({ value: m.recurso, label: countLabel(m) }))]}
            style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}
          />
        ) : null}
        <div role="status" aria-live="polite" className="portal-busca-status">
          {status}
        </div>
        {shown.error ? <Alert type="error" showIcon message={shown.error} /> : null}
        {shown.answer?.aviso ? <Alert type="info" showIcon message={shown.answer.aviso} /> : null}
        {!q ? (
          <Typography.Paragraph type="secondary">
            Digite um código (CT-2025-001, RDO 245), um CNPJ, um nome ou palavras. A busca procura em todos os módulos que você pode ver, sem diferenciar
            acentos, e tolera pequenos erros de digitação. Dica: Ctrl+K ou / abre a busca de qualquer tela.
          </Typography.Paragraph>
        ) : q && shown.answer && !hits.length && !shown.answer.aviso ? (
          <Empty description={`Nenhum resultado para “${q}”. Confira a grafia, use menos palavras ou o início do código.`} />
        ) : (
          <List
            dataSource={hits}
            rowKey={(h) => `${h.recurso}-${h.id}`}
            renderItem={(h) => {
              const path = recordPath(h.recurso, h.id);
              return (
                <List.Item>
                  <HitView
                    hit={h}
                    title={
                      path ? (
                        <Link to={path} onClick={() => rememberRecord(user?.email, h)}>
                          {h.titulo}
                        </Link>
                      ) : (
                        h.titulo
                      )
                    }
                  />
                </List.Item>
              );
            }}
          />
        )}
      </Space>
    </Card>
  );
}
