/** One item of the checklist fill page (checklist-fill-page.tsx): conformity, answer, observation and photos. */
import React from 'react';
import { Alert, Card, Form, Input, Radio, Tag, Typography, theme } from 'antd';
import type { FieldDef, StoredFile } from '../../../../schemas/kinds';
import { CONFORMIDADE_OPTIONS } from '../../../../schemas/shared/common';
import { CHECKLIST_CATEGORIAS, CHECKLIST_TIPO_RESPOSTA } from '../../../../schemas/shared/checklist-fields';
import { NAO_CONFORME, answerKind, type NumberedItem } from '../../../../schemas/shared/checklist-answers';
import { FilesInput } from '../../fields/form-items';
import type { Answer, AnswerField } from './checklist-fill-model';

/** antd's Radio.Group renders a plain div: the role makes it a named group of radios (its type omits `role`, its DOM passes it). */
const RADIOGROUP = { role: 'radiogroup' };

/** Equal-width buttons whose labels wrap instead of overflowing at phone width. */
const CHOICE_STYLE: React.CSSProperties = {
  height: 'auto',
  minHeight: 32,
  lineHeight: '18px',
  paddingBlock: 6,
  paddingInline: 4,
  whiteSpace: 'normal',
  textAlign: 'center',
};

export function ItemCard({
  item,
  answer,
  errors,
  fotosField,
  onChange,
}: {
  item: NumberedItem;
  answer: Answer;
  errors?: Partial<Record<AnswerField, string[]>>;
  fotosField: FieldDef;
  onChange: (patch: Partial<Answer>) => void;
}): React.ReactElement {
  const { token } = theme.useToken();
  const n = item.numero;
  const id = (s: string) => `ck-${n}-${s}`;
  const nc = answer.conformidade === NAO_CONFORME;
  const sgiArea = item.categoria && CHECKLIST_CATEGORIAS.includes(item.categoria) ? item.categoria : undefined;
  const kind = answerKind(item.tipoResposta);
  const required = item.obrigatorio !== false;
  const err = (k: AnswerField) => errors?.[k]?.join(' ');
  const invalid = !!errors && Object.values(errors).some((m) => m?.length);
  return (
    <Card
      id={`ck-item-${n}`}
      size="small"
      role="group"
      aria-labelledby={id('pergunta')}
      style={{ borderColor: nc || invalid ? token.colorError : undefined, background: nc ? token.colorErrorBg : undefined }}
    >
      <div style={{ marginBottom: 8 }}>
        <Typography.Text strong id={id('pergunta')} style={{ overflowWrap: 'anywhere' }}>
          {n}. {item.pergunta}
        </Typography.Text>{' '}
        {required ? (
          <Tag style={{ marginInlineEnd: 0 }}>Obrigatório</Tag>
        ) : (
          <Tag bordered={false} style={{ marginInlineEnd: 0 }}>
            Opcional
          </Tag>
        )}
        {sgiArea ? (
          <Tag color="orange" style={{ marginInlineStart: 4 }}>
            {sgiArea}
          </Tag>
        ) : null}
      </div>
      <Form layout="vertical" component="div">
        <Form.Item validateStatus={err('conformidade') ? 'error' : undefined} help={err('conformidade')} style={{ marginBottom: 12 }}>
          <Radio.Group
            {...RADIOGROUP}
            aria-label={`Conformidade do item ${n}`}
            optionType="button"
            buttonStyle="solid"
            block
            value={answer.conformidade}
            onChange={(e) => onChange({ conformidade: e.target.value as string })}
          >
            {CONFORMIDADE_OPTIONS.map((o) => (
              <Radio.Button key={o} value={o} style={CHOICE_STYLE}>
                {o}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        {nc && sgiArea ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={`Item de ${sgiArea}: ao salvar, esta não conformidade abre um registro SGI da área ${sgiArea}, ligado a este checklist.`}
          />
        ) : null}
        {kind === 'resposta' && item.tipoResposta === 'Sim / Não' ? (
          <Form.Item label="Resposta" required={required} validateStatus={err('resposta') ? 'error' : undefined} help={err('resposta')}>
            <Radio.Group
              {...RADIOGROUP}
              aria-label={`Resposta do item ${n}`}
              value={answer.resposta}
              onChange={(e) => onChange({ resposta: e.target.value as string })}
            >
              <Radio value="Sim">Sim</Radio>
              <Radio value="Não">Não</Radio>
            </Radio.Group>
          </Form.Item>
        ) : kind === 'resposta' ? (
          <Form.Item
            label={CHECKLIST_TIPO_RESPOSTA.includes(item.tipoResposta ?? '') ? 'Resposta' : `Resposta (${item.tipoResposta})`}
            htmlFor={id('resposta')}
            required={required}
            validateStatus={err('resposta') ? 'error' : undefined}
            help={err('resposta')}
          >
            <Input
              id={id('resposta')}
              value={answer.resposta ?? ''}
              inputMode={item.tipoResposta === 'Número' ? 'decimal' : undefined}
              maxLength={500}
              onChange={(e) => onChange({ resposta: e.target.value })}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          label="Observação"
          htmlFor={id('observacao')}
          required={nc}
          validateStatus={err('observacao') ? 'error' : nc && !answer.observacao?.trim() ? 'warning' : undefined}
          help={err('observacao') ?? (nc ? 'Obrigatória para itens não conformes: descreva o que foi encontrado.' : undefined)}
        >
          <Input.TextArea
            id={id('observacao')}
            value={answer.observacao ?? ''}
            onChange={(e) => onChange({ observacao: e.target.value })}
            autoSize={{ minRows: nc ? 2 : 1, maxRows: 6 }}
            maxLength={300}
            aria-required={nc}
          />
        </Form.Item>
        <Form.Item
          label="Fotos"
          htmlFor={id('fotos')}
          required={kind === 'foto' && required}
          validateStatus={err('fotos') ? 'error' : undefined}
          help={err('fotos')}
          style={{ marginBottom: 0 }}
        >
          <FilesInput field={fotosField} id={id('fotos')} value={answer.fotos ?? []} onChange={(files: StoredFile[]) => onChange({ fotos: files })} />
        </Form.Item>
      </Form>
    </Card>
  );
}
