/**
 * "Importar pessoas" on the site-people screen (issue 38): a drawer with the template, the upload of
 * an .xlsx or .csv, the dry run per line (who will be invited, who gains the site, who is refused and
 * why, in the single form's words), the choice all-or-nothing / only the valid lines, and the result.
 * The API (`/api/v1/{obras|fabricacao}/:obra/usuarios/importacao`) runs each line through the same
 * inclusion as the form "Adicionar pessoa".
 */
import { useState } from 'react';
import { Alert, Button, Drawer, Grid, List, Radio, Space, Spin, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import {
  SCOPE_PATH,
  roleLabel,
  type SitePeopleImportResult,
  type SitePeopleLine,
  type SitePeopleLineAction,
  type SitePeopleScope,
} from '../../../access/site-people';
import { apiCall, downloadFile } from '../../providers/api-client';

const API = '/api/v1';

/** What each line will do (dry run) and did (import), and the tag's colour. */
const ACTIONS: Record<SitePeopleLineAction, { before: string; after: string; color?: string }> = {
  convidar: { before: 'Será convidada', after: 'Convidada', color: 'green' },
  adicionar: { before: 'Ganha a obra', after: 'Adicionada à obra', color: 'blue' },
  alterar: { before: 'Perfis ou empresa mudam', after: 'Alterada', color: 'geekblue' },
  nada: { before: 'Sem alteração', after: 'Sem alteração' },
  recusada: { before: 'Recusada', after: 'Recusada', color: 'red' },
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function summary(r: SitePeopleImportResult): string {
  const parts = r.simulacao
    ? [plural(r.convidadas, 'será convidada', 'serão convidadas'), plural(r.adicionadas, 'ganha a obra', 'ganham a obra')]
    : [plural(r.convidadas, 'convidada', 'convidadas'), plural(r.adicionadas, 'adicionada', 'adicionadas')];
  parts.push(
    plural(r.alteradas, 'alterada', 'alteradas'),
    plural(r.semAlteracao, 'sem alteração', 'sem alteração'),
    plural(r.recusadas, 'recusada', 'recusadas'),
  );
  return parts.join(' · ');
}

function Lines({ result }: { result: SitePeopleImportResult }) {
  return (
    <section aria-label={result.simulacao ? 'Simulação por linha' : 'Resultado por linha'}>
      <List<SitePeopleLine>
        size="small"
        bordered
        dataSource={result.linhas}
        pagination={result.linhas.length > 50 ? { pageSize: 50, size: 'small', showSizeChanger: false } : false}
        renderItem={(l) => {
          const a = ACTIONS[l.acao];
          return (
            <List.Item key={l.linha} style={{ display: 'block' }}>
              <Space size={[6, 4]} wrap>
                <Typography.Text type="secondary">Linha {l.linha}</Typography.Text>
                <Tag color={a.color} style={{ marginInlineEnd: 0 }}>
                  {result.simulacao ? a.before : a.after}
                </Tag>
              </Space>
              <div style={{ wordBreak: 'break-word' }}>
                {l.nome ? <Typography.Text strong>{l.nome} </Typography.Text> : null}
                <Typography.Text type="secondary">{l.email || '(sem e-mail)'}</Typography.Text>
              </div>
              {l.perfis.length > 0 && l.acao !== 'recusada' ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Perfis: {l.perfis.map(roleLabel).join(', ')}
                </Typography.Text>
              ) : null}
              {l.mensagens.map((m) => (
                <Typography.Paragraph key={m} type="danger" style={{ margin: 0 }}>
                  {m}
                </Typography.Paragraph>
              ))}
            </List.Item>
          );
        }}
      />
    </section>
  );
}

export function SitePeopleImport({ scope, obra, onImported }: { scope: SitePeopleScope; obra: string; onImported: () => void }) {
  const wide = !!Grid.useBreakpoint().md;
  const base = `/${SCOPE_PATH[scope]}/${encodeURIComponent(obra)}/usuarios/importacao`;
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | undefined>();
  const [dryRun, setDryRun] = useState<SitePeopleImportResult | undefined>();
  const [done, setDone] = useState<SitePeopleImportResult | undefined>();
  const [modo, setModo] = useState<'tudo' | 'validas'>('tudo');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const reset = () => {
    setFile(undefined);
    setDryRun(undefined);
    setDone(undefined);
    setModo('tudo');
    setError(undefined);
  };

  async function send(f: File, query: string): Promise<SitePeopleImportResult | undefined> {
    setBusy(true);
    setError(undefined);
    try {
      const form = new FormData();
      form.append('file', f, f.name);
      return await apiCall<SitePeopleImportResult>(`${base}?${query}`, { apiUrl: API, method: 'POST', body: form });
    } catch (e) {
      setError((e as Error).message || 'Não foi possível ler a planilha.');
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function choose(f: File) {
    reset();
    setFile(f);
    setDryRun(await send(f, 'simular=true'));
  }

  async function run() {
    if (!file) return;
    const r = await send(file, `simular=false&modo=${modo}`);
    if (r) {
      setDone(r);
      onImported();
    }
  }

  const toImport = dryRun ? dryRun.convidadas + dryRun.adicionadas + dryRun.alteradas : 0;
  const blocked = !!dryRun && modo === 'tudo' && dryRun.recusadas > 0;

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} block={!wide}>
        Importar pessoas
      </Button>
      <Drawer
        title="Importar pessoas de uma planilha"
        open={open}
        width={wide ? 720 : '100%'}
        onClose={() => {
          setOpen(false);
          reset();
        }}
        destroyOnHidden
      >
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ margin: 0 }}>
            Uma linha por pessoa: Nome, E-mail, Tipo (Cliente ou Colaborador), Perfis e Empresa (CNPJ ou nome). Cada linha passa pelas mesmas verificações de
            &quot;Adicionar pessoa&quot;: um cliente novo recebe o convite por e-mail; quem já tem conta ganha a obra. Até 500 linhas.
          </Typography.Paragraph>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void downloadFile(`${base}/modelo`, `modelo-pessoas-obra-${obra}.xlsx`, { apiUrl: API })}
            style={{ alignSelf: 'flex-start' }}
          >
            Baixar modelo
          </Button>
          {!done && (
            <Upload.Dragger
              accept=".xlsx,.csv"
              maxCount={1}
              showUploadList={false}
              disabled={busy}
              beforeUpload={(f) => {
                void choose(f as File);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{file ? `Planilha: ${file.name}. Clique ou arraste outra.` : 'Clique ou arraste a planilha (.xlsx ou .csv)'}</p>
            </Upload.Dragger>
          )}
          {busy && (
            <Space>
              <Spin size="small" />
              <Typography.Text>Lendo a planilha…</Typography.Text>
            </Space>
          )}
          {error && <Alert type="error" showIcon message={error} />}
          {dryRun && !done && (
            <>
              <Alert type={dryRun.recusadas ? 'warning' : 'info'} showIcon message="Simulação: nada foi gravado ainda." description={summary(dryRun)} />
              {dryRun.notas.map((n) => (
                <Alert key={n} type="info" message={n} />
              ))}
              <Lines result={dryRun} />
              <Radio.Group value={modo} onChange={(e) => setModo(e.target.value)} aria-label="Como importar">
                <Space direction="vertical">
                  <Radio value="tudo">Tudo ou nada: só importa se nenhuma linha for recusada</Radio>
                  <Radio value="validas">Só as linhas válidas: as recusadas ficam de fora</Radio>
                </Space>
              </Radio.Group>
              {blocked && <Alert type="warning" showIcon message="Há linhas recusadas: corrija a planilha e envie de novo, ou importe só as linhas válidas." />}
              {!toImport && <Alert type="info" showIcon message="Nenhuma linha a importar: todas já estão assim ou foram recusadas." />}
              <Button type="primary" onClick={() => void run()} loading={busy} disabled={blocked || !toImport} block={!wide}>
                Importar
              </Button>
            </>
          )}
          {done && (
            <>
              <Alert type={done.recusadas ? 'warning' : 'success'} showIcon message="Importação concluída" description={summary(done)} />
              <Lines result={done} />
              <Button onClick={reset} block={!wide}>
                Importar outra planilha
              </Button>
            </>
          )}
        </Space>
      </Drawer>
    </>
  );
}
