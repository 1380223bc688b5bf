/**
 * "Baixar plantas da obra" (issue 42): keeps every sheet PDF of the site and the sheets' pins on the
 * device for use without a connection, with the progress, how many PDFs are kept and the space they
 * take of what the browser grants.
 */
import React, { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Progress, Space, Typography } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import type { FolhaDaObra } from '../../../../resources/plantas';
import { fetchPins } from './plantas-api';
import { canKeepSheets, keepSheets, keptSheets, megabytes, sheetPdfs, storageEstimate } from './sheet-cache';

export function OfflineSheets({ sheets }: { sheets: readonly FolhaDaObra[] }): React.ReactElement | null {
  const urls = useMemo(() => sheetPdfs(sheets), [sheets]);
  const [kept, setKept] = useState<{ kept: number; bytes: number }>();
  const [quota, setQuota] = useState<{ usage: number; quota: number } | null>(null);
  const [progress, setProgress] = useState<number>();
  const [error, setError] = useState<string>();
  const [savedAt, setSavedAt] = useState<Date>();

  const refresh = useCallback(async () => {
    setKept(await keptSheets(urls));
    setQuota(await storageEstimate());
  }, [urls]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  if (!canKeepSheets() || urls.length === 0) return null;
  const all = kept?.kept === urls.length;
  const download = async () => {
    setError(undefined);
    setProgress(0);
    try {
      await keepSheets(urls, (done, total) => setProgress(Math.round((done / total) * 90)));
      // Each sheet's pins too, read once now: the service worker keeps the answers for use offline.
      for (const s of sheets) await fetchPins(s.id, {}).catch(() => undefined);
      setProgress(100);
      setSavedAt(new Date());
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível baixar as plantas.');
    } finally {
      setProgress(undefined);
      await refresh();
    }
  };
  return (
    <section aria-label="Plantas no aparelho" style={{ marginBottom: 8 }}>
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        {/* With every PDF kept (a sheet seen once may be the whole set) the pins still change: the
            button stays, to read them again. */}
        <Button icon={<CloudDownloadOutlined />} onClick={() => void download()} loading={progress !== undefined} block>
          {all ? 'Atualizar plantas no aparelho' : 'Baixar plantas da obra'}
        </Button>
        {progress !== undefined ? <Progress percent={progress} size="small" aria-label="Baixando as plantas" /> : null}
        {kept ? (
          <Typography.Text type="secondary" data-testid="plantas-no-aparelho">
            {`${kept.kept} de ${urls.length} PDF${urls.length === 1 ? '' : 's'} no aparelho (${megabytes(kept.bytes)})`}
            {quota ? ` · o portal usa ${megabytes(quota.usage)} de ${megabytes(quota.quota)} liberados pelo navegador` : ''}
          </Typography.Text>
        ) : null}
        {savedAt ? (
          <Typography.Text type="success" role="status">
            {`Plantas e pinos guardados no aparelho às ${savedAt.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' })}`}
          </Typography.Text>
        ) : null}
        {error ? <Alert type="warning" showIcon message={error} /> : null}
      </Space>
    </section>
  );
}
