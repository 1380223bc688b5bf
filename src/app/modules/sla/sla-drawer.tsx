/**
 * The SLA editor of one entity: pause states, reminder, escalation roles and, per policy, its
 * conditions and targets (amount in business hours or days, the states that fulfil it). Saved
 * whole with the version read (PUT /api/v1/sla/{resource}); the API's refusals (400 per key, 409)
 * are shown as they come.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Drawer, Flex, Input, InputNumber, Select, Space, Spin, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { SlaDecl, SlaTarget } from '../../../../schemas/sla-types';
import { alterarSla, sla, type SlaPolicyAnswer } from '../../../../resources/sla';
import { ApiCallError, callRoute } from '../../providers/api-client';

const KIND_LABELS: Record<SlaTarget['kind'], string> = { 'primeira-resposta': 'Primeira resposta', resolucao: 'Resolução', estado: 'Etapa (situação)' };

export function SlaDrawer({ resource, onClose, apiUrl = '/api/v1' }: { resource: string; onClose: () => void; apiUrl?: string }) {
  const [config, setConfig] = useState<SlaPolicyAnswer>();
  const [decl, setDecl] = useState<SlaDecl>();
  const [error, setError] = useState<ApiCallError>();
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  const load = () =>
    callRoute(sla, { params: { resource }, apiUrl })
      .then((c) => {
        setConfig(c);
        setDecl(structuredClone(c.sla));
      })
      .catch((e: ApiCallError) => setError(e));
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource]);

  const change = (fn: (d: SlaDecl) => void) => {
    setSaved(false);
    setDecl((d) => {
      const next = structuredClone(d!);
      fn(next);
      return next;
    });
  };
  const save = async () => {
    if (!config || !decl) return;
    setSaving(true);
    setError(undefined);
    try {
      const r = await callRoute(alterarSla, { params: { resource }, apiUrl, body: { version: config.version, sla: decl } });
      setConfig({ ...config, version: r.version, sla: r.sla });
      setDecl(structuredClone(r.sla));
      setSaved(true);
    } catch (e) {
      setError(e as ApiCallError);
    } finally {
      setSaving(false);
    }
  };

  const stateOptions = (config?.states ?? []).map((s) => ({ value: s.value, label: s.label }));
  const fieldOf = (name: string) => config?.fields.find((f) => f.name === name);

  return (
    <Drawer
      open
      onClose={onClose}
      width="min(880px, 100vw)"
      title={config ? `SLA — ${config.label}` : 'SLA'}
      extra={
        <Space>
          <Button onClick={onClose}>Fechar</Button>
          <Button type="primary" loading={saving} disabled={!decl || !config?.canEdit} onClick={() => void save()}>
            Salvar
          </Button>
        </Space>
      }
    >
      {!decl || !config ? (
        error ? (
          <Alert type="error" showIcon message={error.message} />
        ) : (
          <Spin />
        )
      ) : (
        <Flex vertical gap={16}>
          {error && (
            <Alert
              type="error"
              showIcon
              message={error.message}
              description={
                Object.keys(error.errors).length ? (
                  <ul style={{ margin: 0, paddingLeft: 18 }}>
                    {Object.entries(error.errors).flatMap(([k, msgs]) => msgs.map((m) => <li key={`${k}${m}`}>{m}</li>))}
                  </ul>
                ) : undefined
              }
              action={error.status === 409 ? <Button onClick={() => (setError(undefined), void load())}>Recarregar</Button> : undefined}
            />
          )}
          {saved && (
            <Alert type="success" showIcon message={`Política salva (versão ${config.version}). Os prazos dos registros abertos foram recalculados.`} />
          )}
          <Typography.Text type="secondary">
            Prazos em horário comercial do calendário da empresa (feriados nacionais e os cadastrados). Versão {config.version}
            {config.version === 0 ? ' (a do sistema)' : ''}.
          </Typography.Text>
          <Card size="small" title="Geral">
            <Flex vertical gap={8}>
              <label>
                Situações que pausam o relógio
                <Select
                  aria-label="Situações que pausam o relógio"
                  mode="multiple"
                  style={{ width: '100%' }}
                  options={stateOptions}
                  value={decl.pauseIn ?? []}
                  onChange={(v) => change((d) => (d.pauseIn = v))}
                />
              </label>
              <label>
                Lembrete quando restar (% do prazo){' '}
                <InputNumber
                  aria-label="Lembrete quando restar (% do prazo)"
                  min={0}
                  max={99}
                  value={decl.reminderPercent ?? 0}
                  onChange={(v) => change((d) => (d.reminderPercent = Number(v ?? 0)))}
                />
              </label>
              <label>
                Escalonamento após a violação para os perfis
                <Select
                  aria-label="Escalonamento para os perfis"
                  mode="multiple"
                  style={{ width: '100%' }}
                  options={config.roles}
                  value={decl.escalateTo?.roles ?? []}
                  onChange={(v) => change((d) => (d.escalateTo = { ...d.escalateTo, roles: v }))}
                />
              </label>
              <Checkbox
                checked={decl.escalateTo?.manager ?? false}
                onChange={(e) => change((d) => (d.escalateTo = { roles: d.escalateTo?.roles ?? [], manager: e.target.checked || undefined }))}
              >
                Escalonar também para o gestor imediato de quem tem o registro
              </Checkbox>
            </Flex>
          </Card>
          {decl.policies.map((p, i) => (
            <Card
              key={i}
              size="small"
              title={<Input aria-label="Nome da política" value={p.name} onChange={(e) => change((d) => (d.policies[i].name = e.target.value))} />}
              extra={
                <Button
                  aria-label="Remover política"
                  icon={<DeleteOutlined />}
                  danger
                  type="text"
                  disabled={decl.policies.length < 2}
                  onClick={() => change((d) => d.policies.splice(i, 1))}
                />
              }
            >
              <Flex vertical gap={8}>
                <div>
                  <Typography.Text strong>Condições </Typography.Text>
                  {Object.keys(p.when ?? {}).length === 0 && <Tag>todos os registros</Tag>}
                  {Object.entries(p.when ?? {}).map(([field, want]) => {
                    const f = fieldOf(field);
                    return (
                      <Flex key={field} gap={8} align="center" wrap style={{ marginTop: 4 }}>
                        <Tag>{f?.label ?? field}</Tag>
                        <Select
                          aria-label={`Valores de ${f?.label ?? field}`}
                          mode={f?.options ? 'multiple' : 'tags'}
                          style={{ minWidth: 240, flex: 1 }}
                          options={f?.options?.map((o) => ({ value: o, label: o }))}
                          value={Array.isArray(want) ? want : [want]}
                          onChange={(v: string[]) => change((d) => (d.policies[i].when![field] = v.length === 1 ? v[0] : v))}
                        />
                        <Button
                          aria-label="Remover condição"
                          icon={<DeleteOutlined />}
                          type="text"
                          onClick={() =>
                            change((d) => {
                              delete d.policies[i].when![field];
                            })
                          }
                        />
                      </Flex>
                    );
                  })}
                  <Select
                    aria-label="Adicionar condição"
                    placeholder="Adicionar condição (campo)"
                    style={{ minWidth: 240, marginTop: 4 }}
                    value={null}
                    options={config.fields.filter((f) => !(f.name in (p.when ?? {}))).map((f) => ({ value: f.name, label: f.label }))}
                    onChange={(name: string) =>
                      change((d) => (d.policies[i].when = { ...(d.policies[i].when ?? {}), [name]: fieldOf(name)?.options?.[0] ?? '' }))
                    }
                  />
                </div>
                {p.targets.map((t, j) => (
                  <Card key={j} size="small" type="inner" title={`${t.label || 'Meta'} · ${KIND_LABELS[t.kind]}`}>
                    <Flex gap={8} wrap align="center">
                      <Input
                        aria-label="Nome da meta"
                        style={{ width: 200 }}
                        value={t.label}
                        onChange={(e) => change((d) => (d.policies[i].targets[j].label = e.target.value))}
                      />
                      {t.dueField ? (
                        <Tag color="blue">Prazo: o campo {t.dueField}</Tag>
                      ) : (
                        <>
                          <InputNumber
                            aria-label={`Prazo de ${t.label}`}
                            value={t.amount}
                            onChange={(v) => change((d) => (d.policies[i].targets[j].amount = v === null ? (undefined as never) : Number(v)))}
                          />
                          <Select
                            aria-label={`Unidade de ${t.label}`}
                            style={{ width: 140 }}
                            value={t.unit}
                            options={[
                              { value: 'horas', label: 'horas úteis' },
                              { value: 'dias', label: 'dias úteis' },
                            ]}
                            onChange={(v) => change((d) => (d.policies[i].targets[j].unit = v))}
                          />
                        </>
                      )}
                    </Flex>
                    {t.kind === 'estado' && (
                      <label style={{ display: 'block', marginTop: 8 }}>
                        Corre nas situações
                        <Select
                          aria-label={`Situações da etapa ${t.label}`}
                          mode="multiple"
                          style={{ width: '100%' }}
                          options={stateOptions}
                          value={t.from ?? []}
                          onChange={(v) => change((d) => (d.policies[i].targets[j].from = v))}
                        />
                      </label>
                    )}
                    <label style={{ display: 'block', marginTop: 8 }}>
                      Cumprida nas situações
                      <Select
                        aria-label={`Situações que cumprem ${t.label}`}
                        mode="multiple"
                        allowClear
                        placeholder={t.kind === 'primeira-resposta' ? `Qualquer uma depois de ${config.initial ?? 'a inicial'}` : 'Ao sair da etapa'}
                        style={{ width: '100%' }}
                        options={stateOptions}
                        value={t.fulfilIn ?? []}
                        onChange={(v) => change((d) => (d.policies[i].targets[j].fulfilIn = v.length ? v : undefined))}
                      />
                    </label>
                  </Card>
                ))}
              </Flex>
            </Card>
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() => change((d) => d.policies.push({ ...structuredClone(d.policies[d.policies.length - 1]), name: 'Nova política', when: {} }))}
          >
            Nova política (cópia da última)
          </Button>
        </Flex>
      )}
    </Drawer>
  );
}
