/**
 * The daily report's page (view override of `diario`): the generic page plus "Baixar PDF" and, once
 * the report is concluded, its signatures under its status.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { GenericShow } from '../../views/generic-show';
import type { ViewProps } from '../../views/overrides';
import { downloadFile } from '../../providers/api-client';
import { RDO_CONCLUDED, RDO_VOIDED } from '../../../../schemas/diario';

/** The state a reopened report is in (schemas/diario.ts `devolver`, `reabrir`). */
const RDO_RETURNED = 'Reprovado';
import { SignaturesCard } from './signatures-card';
import { notify } from '../../providers/toast-store';
import { RDO_SIGNED, type SignedDocumentUi } from './signed-document';

/** "Baixar PDF" of a document of record (`GET /api/v1/{diarios|rits}/{id}/pdf`). */
export function PdfButton({ record, doc = RDO_SIGNED }: { record: BaseRecord; doc?: SignedDocumentUi }) {
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      await downloadFile(`/${doc.resource}/${encodeURIComponent(String(record.id))}/pdf`, doc.pdfName(record), { fallback: 'Não foi possível gerar o PDF.' });
    } catch (e) {
      notify({ type: 'error', title: (e as Error).message, options: { key: `pdf-${String(record.id)}` } });
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
  // Concluded: its signatures, near the top (issue 36); returned for correction or voided: the voided
  // ones, when there are (a draft never had any). They follow the report's status and version.
  const signatures = (record: BaseRecord) => {
    const status = String(record[schema.workflow?.field ?? 'status'] ?? '');
    if (id === undefined || !(RDO_CONCLUDED.includes(status) || status === RDO_RETURNED || status === RDO_VOIDED)) return null;
    return <SignaturesCard recordId={id} concluded={RDO_CONCLUDED.includes(status)} refreshKey={`${status}:${String(record.version)}`} />;
  };
  return <GenericShow schema={schema} id={id} headerExtra={(r) => <PdfButton record={r} />} top={signatures} />;
}
