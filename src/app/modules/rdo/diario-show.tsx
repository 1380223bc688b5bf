/**
 * The daily report's page (view override of `diario`): the generic page plus "Baixar PDF" and, once
 * the report is concluded, its signatures.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button, Flex } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useShow, type BaseRecord } from '@refinedev/core';
import { GenericShow } from '../../views/generic-show';
import type { ViewProps } from '../../views/overrides';
import { authHeaders, getApiUrl } from '../../providers/data-provider';
import { RDO_CONCLUDED } from '../../../../schemas/diario';

/** The state a reopened report is in (schemas/diario.ts `devolver`, `reabrir`). */
const RDO_RETURNED = 'Reprovado';
import { SignaturesCard } from './signatures-card';
import { notify } from '../../providers/toast-store';

/** The file name the API gives (Content-Disposition), or a fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(header ?? '');
  return m?.[1] ?? fallback;
}

export function PdfButton({ record }: { record: BaseRecord }) {
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
      notify({ type: 'error', title: (e as Error).message });
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
  // Same query as GenericShow's (shared cache): the card follows the report's status and version.
  const { result: record } = useShow<BaseRecord>({ resource: schema.resource, id, errorNotification: false });
  const status = record ? String(record[schema.workflow?.field ?? 'status'] ?? '') : '';
  return (
    <Flex vertical gap={16}>
      <GenericShow schema={schema} id={id} headerExtra={(r) => <PdfButton record={r} />} />
      {/* Concluded: its signatures; returned for correction: the voided ones, when there are (a draft never had any). */}
      {id !== undefined && (RDO_CONCLUDED.includes(status) || status === RDO_RETURNED) ? (
        <SignaturesCard diarioId={id} concluded={RDO_CONCLUDED.includes(status)} refreshKey={`${status}:${String(record?.version)}`} />
      ) : null}
    </Flex>
  );
}
