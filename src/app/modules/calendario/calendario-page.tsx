/**
 * "Calendário da empresa" (issue 25): the business calendar the SLA deadlines count in.
 * - Working hours of each weekday (several intervals a day, e.g. 08:00–12:00 and 13:00–18:00),
 *   and the company's city (its municipal holidays count). Administrators edit and save
 *   (PUT /api/v1/calendario with the version read; 409 when someone saved meanwhile); everyone
 *   else sees them read-only.
 * - The public national holidays of a year (from the server's `date-holidays`).
 * - The holidays administrators add: the generic list of `feriado`, below.
 */
import React, { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Input, List, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { Loading } from '../../views/loading';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useApiUrl } from '@refinedev/core';
import type { ViewProps } from '../../views/overrides';
import { GenericList } from '../../views/generic-list';
import { ApiCallError, callRoute } from '../../providers/api-client';
import { alterarCalendario, calendario, type CalendarAnswer, type WeeklyHours } from '../../../../resources/calendario';
import { minutesToText, textToMinutes } from './hours-text';

const WEEKDAYS = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'];
/** Monday first, as people read a week. */
const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0];

type Row = { inicio: string; fim: string };
type Draft = Row[][];

const toDraft = (h: WeeklyHours): Draft => h.map((day) => day.map(([s, e]) => ({ inicio: minutesToText(s), fim: minutesToText(e) })));

/** The draft as minutes, or the first unreadable time per weekday (checked here; the rest by the server). */
function fromDraft(d: Draft): { horas: WeeklyHours; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const horas = d.map((day, i) =>
    day.map(({ inicio, fim }) => {
      const s = textToMinutes(inicio);
      const e = textToMinutes(fim);
      if (s === null || e === null) (errors[`horas.${i}`] ??= []).push(`${WEEKDAYS[i]}: use horários como 08:00 ou 17:30 (até 24:00).`);
      return [s ?? -1, e ?? -1] as [number, number];
    }),
  );
  return { horas, errors };
}

const totalText = (d: Draft) => {
  const { horas } = fromDraft(d);
  const minutes = horas.flat().reduce((n, [s, e]) => n + (e > s && s >= 0 ? e - s : 0), 0);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h}h${m ? String(m).padStart(2, '0') : ''} por semana`;
};

const formatDate = (iso: string) => {
  const [y, m, d] = iso.split('-');
  const wd = new Date(`${iso}T12:00:00Z`).getUTCDay();
  return `${d}/${m}/${y} (${WEEKDAYS[wd].replace('-feira', '').toLowerCase()})`;
};

function WeekdayRow({
  index,
  rows,
  editable,
  errors,
  onChange,
}: {
  index: number;
  rows: Row[];
  editable: boolean;
  errors?: string[];
  onChange: (rows: Row[]) => void;
}) {
  const name = WEEKDAYS[index];
  const set = (k: number, patch: Partial<Row>) => onChange(rows.map((r, i) => (i === k ? { ...r, ...patch } : r)));
  return (
    <div className="calendario-dia" data-testid={`dia-${index}`} style={{ padding: '8px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        <Typography.Text strong style={{ width: 120, flex: '0 0 auto' }}>
          {name}
        </Typography.Text>
        {!rows.length && <Typography.Text type="secondary">Sem expediente</Typography.Text>}
        {rows.map((r, k) => (
          <Space.Compact key={k} size="small">
            <Input
              aria-label={`${name}, início do intervalo ${k + 1}`}
              value={r.inicio}
              disabled={!editable}
              onChange={(e) => set(k, { inicio: e.target.value })}
              style={{ width: 68, textAlign: 'center' }}
              placeholder="08:00"
              inputMode="numeric"
            />
            <Input aria-hidden tabIndex={-1} value="às" disabled style={{ width: 36, textAlign: 'center', pointerEvents: 'none' }} />
            <Input
              aria-label={`${name}, fim do intervalo ${k + 1}`}
              value={r.fim}
              disabled={!editable}
              onChange={(e) => set(k, { fim: e.target.value })}
              style={{ width: 68, textAlign: 'center' }}
              placeholder="18:00"
              inputMode="numeric"
            />
            {editable && (
              <Tooltip title="Remover intervalo">
                <Button
                  aria-label={`Remover intervalo ${k + 1} de ${name}`}
                  icon={<DeleteOutlined />}
                  onClick={() => onChange(rows.filter((_, i) => i !== k))}
                />
              </Tooltip>
            )}
          </Space.Compact>
        ))}
        {editable && (
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            aria-label={`Adicionar intervalo em ${name}`}
            onClick={() => onChange([...rows, rows.length ? { inicio: '13:00', fim: '18:00' } : { inicio: '08:00', fim: '12:00' }])}
          >
            Intervalo
          </Button>
        )}
      </div>
      {errors?.map((e) => (
        <Typography.Text key={e} type="danger" style={{ display: 'block', marginTop: 4 }} role="alert">
          {e}
        </Typography.Text>
      ))}
    </div>
  );
}

export function CalendarioPage({ schema }: ViewProps): React.ReactElement {
  const apiUrl = useApiUrl();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [config, setConfig] = useState<CalendarAnswer | null>(null);
  const [draft, setDraft] = useState<Draft>([]);
  const [cidade, setCidade] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<{ type: 'success' | 'error' | 'warning'; text: string; conflict?: boolean } | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(
    async (reset: boolean) => {
      try {
        const c = await callRoute(calendario, { apiUrl, query: { ano: year } });
        setConfig(c);
        if (reset) {
          setDraft(toDraft(c.horas));
          setCidade(c.cidade ?? '');
          setErrors({});
        }
        setLoadError(null);
      } catch (e) {
        setLoadError(e instanceof ApiCallError ? e.message : 'Não foi possível carregar o calendário.');
      }
    },
    [apiUrl, year],
  );

  // First load resets the form; a change of year only refreshes the national holidays.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    void load(!loaded).then(() => setLoaded(true));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load]);

  const dirty = useMemo(
    () => !!config && (JSON.stringify(toDraft(config.horas)) !== JSON.stringify(draft) || (config.cidade ?? '') !== cidade.trim()),
    [config, draft, cidade],
  );

  const save = async () => {
    if (!config) return;
    const { horas, errors: local } = fromDraft(draft);
    setMessage(null);
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    setSaving(true);
    try {
      const saved = await callRoute(alterarCalendario, { apiUrl, body: { version: config.version, horas, cidade: cidade.trim() || null } });
      setConfig({ ...config, ...saved });
      setDraft(toDraft(saved.horas));
      setCidade(saved.cidade ?? '');
      setErrors({});
      setMessage({ type: 'success', text: 'Calendário salvo. Os prazos de SLA passam a contar com o novo horário.' });
    } catch (e) {
      const err = e instanceof ApiCallError ? e : new ApiCallError('Não foi possível salvar.', 0);
      setErrors(err.errors);
      setMessage({ type: err.status === 409 ? 'warning' : 'error', text: err.message, conflict: err.status === 409 });
    } finally {
      setSaving(false);
    }
  };

  if (loadError && !config) return <Alert type="error" showIcon message={loadError} style={{ margin: 16 }} />;
  if (!config) return <Loading size="large" style={{ margin: '20vh auto' }} />;

  const editable = config.podeEditar;
  const years = [thisYear - 1, thisYear, thisYear + 1, thisYear + 2];

  return (
    <div className="calendario-page" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card title="Horário de trabalho" extra={<Typography.Text type="secondary">{totalText(draft)}</Typography.Text>} styles={{ body: { paddingTop: 8 } }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          Os prazos de SLA contam só dentro destes intervalos, no fuso{' '}
          {config.timeZone === 'America/Sao_Paulo' ? 'de Brasília (America/Sao_Paulo)' : config.timeZone}, fora dos feriados.
          {!editable && ' Só os administradores do portal alteram o calendário.'}
        </Typography.Paragraph>
        {errors.horas?.map((e) => (
          <Alert key={e} type="error" showIcon message={e} style={{ marginBottom: 8 }} />
        ))}
        {DISPLAY_ORDER.map((i) => (
          <WeekdayRow
            key={i}
            index={i}
            rows={draft[i] ?? []}
            editable={editable}
            errors={errors[`horas.${i}`]}
            onChange={(rows) => setDraft((d) => d.map((day, k) => (k === i ? rows : day)))}
          />
        ))}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-start', marginTop: 12 }}>
          <div style={{ flex: '1 1 240px', maxWidth: 360 }}>
            <Typography.Text strong>Cidade da empresa</Typography.Text>
            <Input
              aria-label="Cidade da empresa"
              value={cidade}
              disabled={!editable}
              onChange={(e) => setCidade(e.target.value)}
              placeholder="São Paulo"
              maxLength={120}
              status={errors.cidade ? 'error' : undefined}
            />
            <Typography.Text type={errors.cidade ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
              {errors.cidade?.[0] ?? 'Os feriados municipais desta cidade contam nos prazos.'}
            </Typography.Text>
          </div>
        </div>
        {message && (
          <Alert
            style={{ marginTop: 12 }}
            type={message.type}
            showIcon
            message={message.text}
            action={
              message.conflict ? (
                <Button size="small" icon={<ReloadOutlined />} onClick={() => void load(true).then(() => setMessage(null))}>
                  Recarregar
                </Button>
              ) : undefined
            }
          />
        )}
        {editable && (
          <Space style={{ marginTop: 12 }} wrap>
            <Button type="primary" onClick={() => void save()} loading={saving} disabled={!dirty}>
              Salvar horário
            </Button>
            <Button
              disabled={!dirty || saving}
              onClick={() => {
                setDraft(toDraft(config.horas));
                setCidade(config.cidade ?? '');
                setErrors({});
                setMessage(null);
              }}
            >
              Descartar alterações
            </Button>
            {config.updatedAt && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Versão {config.version}, salva em {new Date(config.updatedAt).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' })}
                {config.updatedBy ? ` por ${config.updatedBy}` : ''}
              </Typography.Text>
            )}
          </Space>
        )}
      </Card>

      <Card
        title="Feriados nacionais"
        extra={
          <Select
            aria-label="Ano"
            size="small"
            value={year}
            onChange={setYear}
            options={years.map((y) => ({ value: y, label: String(y) }))}
            style={{ width: 90 }}
          />
        }
      >
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          Feriados públicos nacionais. Carnaval e Corpus Christi são pontos facultativos: se a empresa para nesses dias, cadastre-os abaixo como feriado da
          empresa.
        </Typography.Paragraph>
        {config.feriadosNacionais.length ? (
          <List
            size="small"
            grid={{ gutter: 8, xs: 1, sm: 2, md: 3, lg: 3, xl: 4 }}
            dataSource={config.feriadosNacionais.filter((h) => h.date.startsWith(String(year)))}
            renderItem={(h) => (
              <List.Item style={{ marginBottom: 4 }}>
                <Tag color="blue" style={{ marginInlineEnd: 6 }}>
                  {formatDate(h.date)}
                </Tag>
                {h.name}
              </List.Item>
            )}
          />
        ) : (
          <Empty description="Nenhum feriado nacional neste ano." />
        )}
      </Card>

      <div className="calendario-feriados">
        <GenericList schema={schema} />
      </div>
    </div>
  );
}
