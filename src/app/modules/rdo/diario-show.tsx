/** The daily report's page (view override of `diario`): the generic page plus "Baixar PDF". */
import { useState } from 'react';
import { useParams } from 'react-router';
import { App, Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { GenericShow } from '../../views/generic-show';
import type { ViewProps } from '../../views/overrides';
import { authHeaders, getApiUrl } from '../../providers/data-provider';

/** The file name the API gives (Content-Disposition), or a fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(header ?? '');
  return m?.[1] ?? fallback;
}

export function PdfButton({ record }: { record: BaseRecord }) {
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      const res = await fetch(`${getApiUrl()}/diarios/${encodeURIComponent(String(record.id))}/pdf`, { headers: await authHeaders() });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        throw new Error(body.message ?? 'Não foi possível gerar o PDF.');
      }
      const blob = await res.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = attachmentName(res.headers.get('content-disposition'), `RDO-${String(record.obra)}-${String(record.numero)}.pdf`);
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button icon={<FilePdfOutlined />} loading={loading} onClick={() => void download()}>
      Baixar PDF
    </Button>
  );
}

export function DiarioShow({ schema }: ViewProps) {
  const params = useParams();
  const id = params.diario ?? params.id;
  return <GenericShow schema={schema} id={id} headerExtra={(record) => <PdfButton record={record} />} />;
}
