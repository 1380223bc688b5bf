/**
 * The EAP's import also takes a works schedule saved by MS Project as XML (issue 38): the upload
 * step names it, and where the screen does not say which site and area the EAP is (the generic
 * list), the person picks them here; the EAP screen of a site passes its own.
 */
import React from 'react';
import { Select, Space, Typography } from 'antd';
import { schemaByName } from '../../../../schemas';
import { ReferenceSelect } from '../../fields/inputs/reference-select';

/** The resource whose import accepts an MS Project schedule (`.xml`, src/server/import/mspdi-reader.ts). */
export const SCHEDULE_RESOURCE = 'eap-os';

export interface ScheduleTarget {
  obra?: string;
  area?: string;
}

export const isScheduleFile = (name: string) => /\.xml$/i.test(name);

/** The upload step's accept list: the EAP adds MS Project's XML. */
export const acceptFor = (resource: string) => (resource === SCHEDULE_RESOURCE ? '.xlsx,.csv,.txt,.xml' : '.xlsx,.csv,.txt');

export function ScheduleTargetFields({
  value,
  fixed,
  onChange,
}: {
  value: ScheduleTarget;
  /** The site and area of the screen, when it has them. */
  fixed?: ScheduleTarget;
  onChange: (v: ScheduleTarget) => void;
}): React.ReactElement {
  const schema = schemaByName('eapOs');
  const obraField = schema?.fields.find((f) => f.name === 'obra');
  const areaField = schema?.fields.find((f) => f.name === 'area');
  const areas = (areaField?.options ?? ['FIELD', 'AUTOMACAO']).map((o) => ({ value: o, label: areaField?.optionLabels?.[o] ?? o }));
  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        Também aceita o cronograma do <strong>MS Project</strong> salvo como XML (<em>Salvar como → Formato XML</em>): cada tarefa vira um item da EAP (código
        da EDT, nome, item pai, início e término previstos, peso pelo trabalho). Importar de novo um cronograma revisto atualiza os itens pelo código e mostra
        as datas que mudaram.
      </Typography.Paragraph>
      {fixed?.obra ? null : (
        <Space wrap style={{ width: '100%' }}>
          <span style={{ minWidth: 240, display: 'inline-block' }}>
            {obraField ? (
              <ReferenceSelect
                field={obraField}
                value={value.obra}
                aria-label="Obra do cronograma"
                onChange={(v) => onChange({ ...value, obra: v ? String(v) : undefined })}
              />
            ) : null}
          </span>
          <Select
            aria-label="Área do cronograma"
            style={{ minWidth: 160 }}
            value={value.area ?? areas[0]?.value}
            options={areas}
            onChange={(area: string) => onChange({ ...value, area })}
          />
        </Space>
      )}
    </Space>
  );
}
