/**
 * "Excluir definitivamente os dados" of a removed custom field: the confirmation first asks the
 * API how many records hold a value (GET …/fields/{campo}/usage), then the purge
 * (DELETE …/fields/{campo}?purge=true) drops the column or the `_extra` key. No undo.
 */
import { useState } from 'react';
import { Button, Popconfirm, Typography } from 'antd';
import type { FieldDef } from '../../../../schemas/kinds';
import { usoCampoEntidade } from '../../../../resources/schema-config';
import { callRoute } from '../../providers/api-client';

export function purgeWarning(label: string, records: number | undefined): string {
  const how =
    records === undefined
      ? 'Contando os registros com valor…'
      : records === 0
        ? 'Nenhum registro tem valor neste campo.'
        : `${records.toLocaleString('pt-BR')} ${records === 1 ? 'registro tem' : 'registros têm'} valor neste campo.`;
  return `${how} Os valores de "${label}" serão apagados e não há como desfazer; o nome do campo fica livre.`;
}

export function PurgeButton({ apiUrl, resource, field, onConfirm }: { apiUrl: string; resource: string; field: FieldDef; onConfirm: () => Promise<void> }) {
  const [records, setRecords] = useState<number>();
  const [failure, setFailure] = useState<string>();
  const count = (open: boolean) => {
    if (!open) return;
    setRecords(undefined);
    setFailure(undefined);
    callRoute(usoCampoEntidade, { apiUrl, params: { resource, name: field.name } })
      .then((u) => setRecords(u.records))
      .catch((e: unknown) => setFailure(e instanceof Error ? e.message : 'Não foi possível contar os registros.'));
  };
  return (
    <Popconfirm
      title={`Excluir definitivamente os dados de "${field.label}"?`}
      description={<Typography.Text style={{ maxWidth: 360, display: 'block' }}>{failure ?? purgeWarning(field.label, records)}</Typography.Text>}
      okText="Excluir definitivamente"
      okButtonProps={{ danger: true, disabled: records === undefined }}
      cancelText="Cancelar"
      onOpenChange={count}
      onConfirm={onConfirm}
    >
      <Button size="small" danger>
        Excluir definitivamente os dados
      </Button>
    </Popconfirm>
  );
}
