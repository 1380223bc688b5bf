/**
 * The calendar of the planned activities (events from 8 to 17 h): a month view (antd Calendar) and
 * a week view (seven columns, one block per activity and day). Late activities in red. Loaded
 * lazily by the schedule page, so no calendar code is in the entry bundle.
 */
import React, { useState } from 'react';
import { Badge, Button, Calendar, Segmented, Space, Tooltip, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import type { ScheduleItem } from './api';
import { EVENT_END_HOUR, EVENT_START_HOUR, WEEKDAYS_PT, dayjs, eventsOn, firstPlannedDay, isoOf, weekDays } from './calendar-events';

const HOURS = `${String(EVENT_START_HOUR).padStart(2, '0')}:00–${EVENT_END_HOUR}:00`;
const label = (i: ScheduleItem) => `${i.codigo} ${i.descricao}`;

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** The month view's header: previous/next month buttons with names (antd's own header has unlabelled selects). */
function MonthHeader({ value, onChange }: { value: Dayjs; onChange: (d: Dayjs) => void }) {
  return (
    <Space style={{ display: 'flex', justifyContent: 'flex-end', padding: '8px 0' }}>
      <Button icon={<LeftOutlined />} aria-label="Mês anterior" onClick={() => onChange(value.subtract(1, 'month'))} />
      <Typography.Text strong aria-live="polite">
        {MONTHS[value.month()]} de {value.year()}
      </Typography.Text>
      <Button icon={<RightOutlined />} aria-label="Próximo mês" onClick={() => onChange(value.add(1, 'month'))} />
    </Space>
  );
}

function MonthView({ items, value, onChange }: { items: ScheduleItem[]; value: Dayjs; onChange: (d: Dayjs) => void }) {
  return (
    <Calendar
      value={value}
      onChange={onChange}
      onPanelChange={onChange}
      fullscreen
      headerRender={({ value: shown, onChange: show }) => <MonthHeader value={shown} onChange={show} />}
      cellRender={(d, info) => {
        if (info.type !== 'date') return info.originNode;
        const events = eventsOn(items, isoOf(d));
        if (!events.length) return null;
        return (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={`Atividades em ${d.format('DD/MM/YYYY')}`}>
            {events.slice(0, 3).map((e) => {
              const text = `${HOURS} ${label(e.item)}`;
              // The dot, then the text cut with an ellipsis inside the day's cell (a Badge's own text is
              // one inline block, which the cell would clip mid-word and which reached past the page).
              return (
                <li key={e.item.id} title={text} style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0, fontSize: 12 }}>
                  <Badge status={e.item.atrasado ? 'error' : e.item.avanco >= 100 ? 'success' : 'processing'} />
                  <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{text}</span>
                </li>
              );
            })}
            {events.length > 3 ? <li style={{ fontSize: 12 }}>+{events.length - 3}</li> : null}
          </ul>
        );
      }}
    />
  );
}

function WeekView({ items, value, onChange }: { items: ScheduleItem[]; value: Dayjs; onChange: (d: Dayjs) => void }) {
  const days = weekDays(value);
  const hourPx = 22;
  const height = (EVENT_END_HOUR - EVENT_START_HOUR + 2) * hourPx;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Button icon={<LeftOutlined />} aria-label="Semana anterior" onClick={() => onChange(value.subtract(7, 'day'))} />
        <Typography.Text strong>
          Semana de {days[0].format('DD/MM/YYYY')} a {days[6].format('DD/MM/YYYY')}
        </Typography.Text>
        <Button icon={<RightOutlined />} aria-label="Próxima semana" onClick={() => onChange(value.add(7, 'day'))} />
      </Space>
      <div
        role="grid"
        aria-label="Semana"
        style={{ display: 'grid', gridTemplateColumns: '48px repeat(7, minmax(0, 1fr))', border: '1px solid #f0f0f0', overflowX: 'auto' }}
      >
        <div role="row" style={{ display: 'contents' }}>
          <div role="columnheader" />
          {days.map((d, i) => (
            <div role="columnheader" key={isoOf(d)} style={{ padding: 4, textAlign: 'center', borderLeft: '1px solid #f0f0f0', fontWeight: 600 }}>
              {WEEKDAYS_PT[i]} {d.format('DD/MM')}
            </div>
          ))}
        </div>
        <div role="row" style={{ display: 'contents' }}>
          <div role="rowheader" style={{ position: 'relative', height }}>
            {Array.from({ length: EVENT_END_HOUR - EVENT_START_HOUR + 1 }, (_, h) => (
              <span key={h} style={{ position: 'absolute', top: (h + 0.5) * hourPx, right: 4, fontSize: 11, color: '#8c8c8c' }}>
                {EVENT_START_HOUR + h}h
              </span>
            ))}
          </div>
          {days.map((d) => {
            const events = eventsOn(items, isoOf(d));
            return (
              <div
                role="gridcell"
                key={isoOf(d)}
                aria-label={`${d.format('DD/MM/YYYY')}: ${events.length ? events.map((e) => label(e.item)).join('; ') : 'sem atividades'}`}
                style={{ position: 'relative', height, borderLeft: '1px solid #f0f0f0', display: 'flex', gap: 2, padding: `${hourPx / 2}px 2px` }}
              >
                {events.map((e) => (
                  <Tooltip key={e.item.id} title={`${label(e.item)} · ${HOURS} · avanço ${e.item.avanco.toLocaleString('pt-BR')}%`}>
                    <div
                      style={{
                        flex: 1,
                        minWidth: 0,
                        height: (EVENT_END_HOUR - EVENT_START_HOUR) * hourPx,
                        borderRadius: 4,
                        padding: 2,
                        fontSize: 11,
                        overflow: 'hidden',
                        background: e.item.atrasado ? '#fff1f0' : '#e6f4ff',
                        borderLeft: `3px solid ${e.item.atrasado ? '#ff4d4f' : '#1677ff'}`,
                      }}
                    >
                      {e.item.codigo}
                    </div>
                  </Tooltip>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </Space>
  );
}

export default function ScheduleCalendar({ items, today }: { items: ScheduleItem[]; today: string }): React.ReactElement {
  const [view, setView] = useState<'mes' | 'semana'>('mes');
  const [value, setValue] = useState<Dayjs>(() => dayjs(firstPlannedDay(items, today) ?? today));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented
        aria-label="Visão do calendário"
        value={view}
        onChange={(v) => setView(v as 'mes' | 'semana')}
        options={[
          { label: 'Mês', value: 'mes' },
          { label: 'Semana', value: 'semana' },
        ]}
      />
      {view === 'mes' ? <MonthView items={items} value={value} onChange={setValue} /> : <WeekView items={items} value={value} onChange={setValue} />}
    </Space>
  );
}
