/**
 * "Manutenção" (/admin/manutencao, issue 40): administrators put a module of the menu, one screen
 * (an entity's list, record and form), or the whole portal, in maintenance with a message and an
 * expected end, change them, and end it. While it lasts,
 * people are sent to /manutencao and the API refuses that module's writes (503); administrators keep
 * access. API: GET /api/v1/manutencao, PUT/DELETE /api/v1/manutencao/{escopo}; its per-field pt-BR
 * messages (an end in the past…) show under the inputs. Every change is in the audit trail.
 */
import React, { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, Button, Card, DatePicker, Form, Input, List, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useApiUrl, useCustom, useCustomMutation, useNotification, type HttpError } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  MAINTENANCE_MODULES,
  MAINTENANCE_SCOPES,
  maintenanceEndText as endText,
  type ActiveMaintenance,
  type MaintenanceScreen,
} from '../../../../resources/maintenance';
import { refreshMaintenance } from '../../guard/maintenance-state';

const MESSAGE_MAX = 500;
const KEY = ['manutencao'];
/** Orange at AA contrast (palette shade 9 on shade 1). */
const IN_MAINTENANCE = { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' };

interface Editing {
  escopo: string;
  rotulo: string;
  current?: ActiveMaintenance;
}

function StartModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const apiUrl = useApiUrl();
  const queryClient = useQueryClient();
  const { open } = useNotification();
  const [form] = Form.useForm<{ mensagem: string; fimPrevisto: Dayjs }>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { mutateAsync, mutation } = useCustomMutation<ActiveMaintenance, HttpError>();
  const save = async (v: { mensagem: string; fimPrevisto?: Dayjs }) => {
    setRefusal(null);
    try {
      await mutateAsync({
        url: `${apiUrl}/manutencao/${editing.escopo}`,
        method: 'put',
        values: { mensagem: v.mensagem, fimPrevisto: v.fimPrevisto ? v.fimPrevisto.second(0).millisecond(0).format() : '' },
        successNotification: false,
        errorNotification: false,
      });
      open?.({ key: 'manutencao', type: 'success', message: editing.current ? 'Manutenção alterada.' : `${editing.rotulo}: em manutenção.` });
      await queryClient.invalidateQueries({ queryKey: KEY });
      void refreshMaintenance(true);
      onClose();
    } catch (e) {
      const err = e as HttpError;
      const errors = (err.errors ?? {}) as Record<string, string[]>;
      form.setFields((['mensagem', 'fimPrevisto'] as const).map((name) => ({ name, errors: errors[name] ?? [] })));
      if (!errors.mensagem && !errors.fimPrevisto) setRefusal(err.message);
    }
  };
  return (
    <Modal
      open
      title={editing.current ? `Alterar a manutenção: ${editing.rotulo}` : `Colocar em manutenção: ${editing.rotulo}`}
      okText={editing.current ? 'Salvar' : 'Colocar em manutenção'}
      cancelText="Cancelar"
      okButtonProps={{ loading: mutation.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          mensagem: editing.current?.mensagem,
          fimPrevisto: editing.current ? dayjs(editing.current.fimPrevisto) : dayjs().add(1, 'hour').minute(0),
        }}
      >
        <Form.Item
          name="mensagem"
          label="Mensagem para quem usa o portal"
          rules={[{ required: true, whitespace: true, message: 'Informe a mensagem que as pessoas verão durante a manutenção.' }]}
        >
          <Input.TextArea rows={3} maxLength={MESSAGE_MAX} showCount placeholder="Ex.: Atualização do módulo. As consultas continuam disponíveis." />
        </Form.Item>
        <Form.Item
          name="fimPrevisto"
          label="Previsão de término"
          extra="Data e hora em que a manutenção deve terminar. O portal avisa as pessoas; o fim acontece quando você encerrar."
          rules={[{ required: true, message: 'Informe a previsão de término.' }]}
        >
          <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} format="DD/MM/YYYY HH:mm" style={{ width: 220 }} />
        </Form.Item>
        {refusal ? <Alert type="error" showIcon message={refusal} /> : null}
      </Form>
    </Modal>
  );
}

export function MaintenanceAdminPage(): React.ReactElement {
  const apiUrl = useApiUrl();
  const queryClient = useQueryClient();
  const { open } = useNotification();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [screen, setScreen] = useState<string>();
  const { query, result } = useCustom<{ ativas: ActiveMaintenance[]; telas: MaintenanceScreen[] }, HttpError>({
    url: `${apiUrl}/manutencao`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: KEY },
  });
  const { mutateAsync } = useCustomMutation<{ mensagem: string }, HttpError>();
  const active = result?.data?.ativas ?? [];
  const screens = result?.data?.telas ?? [];
  // The portal and the modules always; a screen once it is in maintenance (the others are chosen below).
  const rows = result?.data ? [...MAINTENANCE_SCOPES, ...screens.filter((t) => active.some((a) => a.escopo === t.escopo))] : [];
  const screenOptions = MAINTENANCE_MODULES.map((m) => ({
    label: m.rotulo,
    title: m.rotulo,
    options: screens.filter((t) => t.modulo === m.escopo && !active.some((a) => a.escopo === t.escopo)).map((t) => ({ value: t.escopo, label: t.rotulo })),
  })).filter((g) => g.options.length);
  const chosen = screens.find((t) => t.escopo === screen);
  const end = async (escopo: string, rotulo: string) => {
    try {
      await mutateAsync({ url: `${apiUrl}/manutencao/${escopo}`, method: 'delete', values: {}, successNotification: false, errorNotification: false });
      open?.({ key: 'manutencao', type: 'success', message: `${rotulo}: manutenção encerrada.` });
    } catch (e) {
      open?.({ key: 'manutencao', type: 'error', message: 'Não foi possível encerrar.', description: (e as HttpError).message });
    }
    await queryClient.invalidateQueries({ queryKey: KEY });
    void refreshMaintenance(true);
  };
  return (
    <Card title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Manutenção</h1>}>
      <Typography.Paragraph type="secondary">
        Enquanto um módulo ou uma tela está em manutenção, quem entra nele vê a página de manutenção com a sua mensagem e a previsão de término, e o portal
        recusa as gravações dele; as consultas continuam. Administradores continuam com acesso para fazer os ajustes. Cada início, alteração e fim fica
        registrado na auditoria.
      </Typography.Paragraph>
      {query.isError ? <Alert type="error" showIcon message="Não foi possível carregar a manutenção." description={query.error?.message} /> : null}
      <List
        loading={query.isLoading}
        // Nothing is said to be "Disponível" before the answer says so.
        dataSource={rows}
        locale={{ emptyText: query.isError ? 'Sem dados.' : 'Carregando…' }}
        rowKey="escopo"
        renderItem={(s) => {
          const current = active.find((a) => a.escopo === s.escopo);
          return (
            <List.Item
              data-testid={`manutencao-${s.escopo}`}
              actions={[
                <Button key="iniciar" size="small" type={current ? 'default' : 'primary'} ghost={!current} onClick={() => setEditing({ ...s, current })}>
                  {current ? 'Alterar' : 'Colocar em manutenção'}
                </Button>,
                ...(current
                  ? [
                      <Popconfirm
                        key="encerrar"
                        title={`Encerrar a manutenção: ${s.rotulo}?`}
                        okText="Encerrar"
                        cancelText="Cancelar"
                        onConfirm={() => end(s.escopo, s.rotulo)}
                      >
                        <Button size="small">Encerrar</Button>
                      </Popconfirm>,
                    ]
                  : []),
              ]}
            >
              <List.Item.Meta
                title={
                  <Space wrap size={8}>
                    <span>{s.rotulo}</span>
                    {current ? <Tag style={IN_MAINTENANCE}>Em manutenção</Tag> : <Tag>Disponível</Tag>}
                  </Space>
                }
                description={
                  current ? (
                    <>
                      <div>{current.mensagem}</div>
                      <div>Previsão de término: {endText(current.fimPrevisto)}</div>
                    </>
                  ) : null
                }
              />
            </List.Item>
          );
        }}
      />
      {result?.data ? (
        <Space wrap style={{ marginTop: 16 }}>
          <Select
            showSearch
            allowClear
            aria-label="Tela para colocar em manutenção"
            placeholder="Uma tela só (ex.: Contratos)"
            optionFilterProp="label"
            style={{ width: 320, maxWidth: '100%' }}
            value={screen}
            onChange={setScreen}
            options={screenOptions}
          />
          <Button disabled={!chosen} onClick={() => chosen && setEditing({ escopo: chosen.escopo, rotulo: chosen.rotulo })}>
            Colocar a tela em manutenção
          </Button>
        </Space>
      ) : null}
      {editing ? (
        <StartModal
          editing={editing}
          onClose={() => {
            setEditing(null);
            setScreen(undefined);
          }}
        />
      ) : null}
    </Card>
  );
}
