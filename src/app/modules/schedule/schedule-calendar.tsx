/**
 * The calendar of the planned activities (events from 8 to 17 h): a month view (antd Calendar) and
 * a week view (seven columns, one block per activity and day). Late activities in red. On a phone
 * the month's day cells are too narrow for any text: they show one dot per activity, and the chosen
 * day's activities are listed under the month. Loaded lazily by the schedule page, so no calendar
 * code is in the entry bundle.
 */
import React, { useState } from 'react';
import { Badge, Button, Calendar, Segmented, Space, Tooltip, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { PHONE_MEDIA_QUERY, useMediaQuery } from '../../use-media-query';
import type { ScheduleItem } from './api';
import { EVENT_END_HOUR, EVENT_START_HOUR, WEEKDAYS_PT, dayjs, eventsOn, firstPlannedDay, isoOf, weekDays } from './calendar-events';

const HOURS = `${String(EVENT_START_HOUR).padStart(2, '0')}:00–${EVENT_END_HOUR}:00`;
const label = (i: ScheduleItem) => `${i.codigo} ${i.descricao}`;
const statusOf = (i: ScheduleItem) => (i.atrasado ? 'error' : i.avanco >= 100 ? 'success' : 'processing');
const stateText = (i: ScheduleItem) => (i.atrasado ? 'atrasada' : i.avanco >= 100 ? 'concluída' : `avanço ${i.avanco.toLocaleString('pt-BR')}%`);

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

/** A desktop day cell: up to three activities with their hours and names, cut with an ellipsis. */
function DayActivities({ items, day }: { items: ScheduleItem[]; day: Dayjs }) {
  const events = eventsOn(items, isoOf(day));
  if (!events.length) return null;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={`Atividades em ${day.format('DD/MM/YYYY')}`}>
      {events.slice(0, 3).map((e) => {
        const text = `${HOURS} ${label(e.item)}`;
        // The dot, then the text cut with an ellipsis inside the day's cell (a Badge's own text is
        // one inline block, which the cell would clip mid-word and which reached past the page).
        return (
          <li key={e.item.id} title={text} style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0, fontSize: 12 }}>
            <Badge status={statusOf(e.item)} />
            <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{text}</span>
          </li>
        );
      })}
      {events.length > 3 ? <li style={{ fontSize: 12 }}>+{events.length - 3}</li> : null}
    </ul>
  );
}

/** A phone day cell: one dot per activity (three at most, then the count of the others). */
function DayDots({ items, day }: { items: ScheduleItem[]; day: Dayjs }) {
  const events = eventsOn(items, isoOf(day));
  if (!events.length) return null;
  const n = events.length;
  return (
    <span
      role="img"
      aria-label={`${n} ${n === 1 ? 'atividade' : 'atividades'} em ${day.format('DD/MM/YYYY')}`}
      style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 2 }}
    >
      {events.slice(0, 3).map((e) => (
        <Badge key={e.item.id} status={statusOf(e.item)} />
      ))}
      {n > 3 ? <span style={{ fontSize: 11, lineHeight: '12px' }}>+{n - 3}</span> : null}
    </span>
  );
}

/** Under the phone's month: the chosen day's activities, whole. */
function ChosenDay({ items, day }: { items: ScheduleItem[]; day: Dayjs }) {
  const events = eventsOn(items, isoOf(day));
  const title = `Atividades de ${day.format('DD/MM/YYYY')}`;
  return (
    <section aria-label={title} aria-live="polite">
      <Typography.Text strong>{title}</Typography.Text>
      {events.length ? (
        <ul style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }}>
          {events.map((e) => (
            <li key={e.item.id} style={{ display: 'flex', alignItems: 'baseline', gap: 8, padding: '4px 0' }}>
              <Badge status={statusOf(e.item)} />
              <span>
                {label(e.item)}
                <Typography.Text type="secondary">
                  {' '}
                  · {HOURS} · {stateText(e.item)}
                </Typography.Text>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          Nenhuma atividade planejada neste dia. Toque em um dia com pontos para ver as atividades dele.
        </Typography.Paragraph>
      )}
    </section>
  );
}

function MonthView({ items, value, onChange }: { items: ScheduleItem[]; value: Dayjs; onChange: (d: Dayjs) => void }) {
  const phone = useMediaQuery(PHONE_MEDIA_QUERY);
  return (
    <>
      <Calendar
        value={value}
        onChange={onChange}
        onPanelChange={onChange}
        fullscreen={!phone}
        headerRender={({ value: shown, onChange: show }) => <MonthHeader value={shown} onChange={show} />}
        cellRender={(d, info) => {
          if (info.type !== 'date') return info.originNode;
          return phone ? <DayDots items={items} day={d} /> : <DayActivities items={items} day={d} />;
        }}
      />
      {phone ? <ChosenDay items={items} day={value} /> : null}
    </>
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
