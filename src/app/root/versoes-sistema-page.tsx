/**
 * /versoesSistema: the version of this build (version and commit, src/app/root/build-info.ts) and the
 * release notes, newest first, filterable by module.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Empty, Select, Tag, Timeline, Typography } from 'antd';
import { BugOutlined, RocketOutlined } from '@ant-design/icons';
import { PRIMARY_COLOR } from './constants';
import { RELEASE_NOTES, filterReleaseNotes, listModules, parseModuleTag, type ReleaseNote } from './release-notes';
import { APP_VERSION, PORTAL_BUILD, buildDateBr } from './build-info';

export interface VersoesSistemaPageProps {
  notes?: readonly ReleaseNote[];
  /** Initial module filter. */
  modulo?: string;
}

export function VersoesSistemaPage({ notes = RELEASE_NOTES, modulo: initialModulo }: VersoesSistemaPageProps) {
  const [modulo, setModulo] = useState<string | undefined>(initialModulo);
  const modules = useMemo(() => listModules(notes), [notes]);
  const shown = useMemo(() => filterReleaseNotes(notes, modulo), [notes, modulo]);
  const latest = notes[0]?.versao ?? APP_VERSION;

  return (
    <section aria-labelledby="versoes-titulo" style={{ maxWidth: 900, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={2} id="versoes-titulo">
        Versões do sistema
      </Typography.Title>
      <Typography.Paragraph type="secondary" data-testid="versao-atual">
        Versão atual: <strong>{APP_VERSION}</strong>
        {PORTAL_BUILD.commitConhecido ? (
          <>
            {' '}
            · commit <code>{PORTAL_BUILD.commit}</code>
          </>
        ) : null}
        {buildDateBr() ? ` · gerada em ${buildDateBr()}` : null}
      </Typography.Paragraph>

      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 24, flexWrap: 'wrap' }}>
        <label htmlFor="versoes-filtro-modulo">Módulo:</label>
        <Select
          id="versoes-filtro-modulo"
          aria-label="Filtrar por módulo"
          placeholder="Todos os módulos"
          allowClear
          showSearch
          style={{ minWidth: 240 }}
          value={modulo}
          onChange={(v?: string) => setModulo(v || undefined)}
          options={modules.map((m) => ({ value: m, label: m }))}
        />
      </div>

      {shown.length === 0 ? (
        <Empty description="Nenhuma alteração para este módulo." />
      ) : (
        <Timeline
          items={shown.map((n) => ({
            key: n.versao,
            color: n.versao === latest ? PRIMARY_COLOR : 'gray',
            children: <ReleaseEntry note={n} latest={n.versao === latest} />,
          }))}
        />
      )}
    </section>
  );
}

function ReleaseEntry({ note, latest }: { note: ReleaseNote; latest: boolean }) {
  return (
    <article data-testid="release-entry" data-versao={note.versao} aria-label={`Versão ${note.versao}`}>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 4 }}>
        Versão {note.versao}{' '}
        {latest ? (
          <Tag color={PRIMARY_COLOR} style={{ verticalAlign: 'middle' }}>
            Atual
          </Tag>
        ) : null}
      </Typography.Title>
      <Typography.Text type="secondary">
        <time>{note.data}</time>
      </Typography.Text>
      <NoteList title="Melhorias" icon={<RocketOutlined />} items={note.melhorias} />
      <NoteList title="Correções de erros" icon={<BugOutlined />} items={note.bug} />
    </article>
  );
}

function NoteList({ title, icon, items }: { title: string; icon: ReactNode; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div style={{ marginTop: 8 }}>
      <Typography.Text strong>
        <span aria-hidden="true">{icon}</span> {title}
      </Typography.Text>
      <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
        {items.map((t) => {
          const { modulo, texto } = parseModuleTag(t);
          return (
            <li key={t}>
              <Tag color="orange">{modulo}</Tag>
              {texto}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export default VersoesSistemaPage;
