/**
 * On a daily report opened online (new, or saved and edited), with a site and a date: fills the weather rows and the day's rain
 * from GET /obras/{obra}/clima (src/app/modules/rdo/weather.ts) where the person typed nothing, and
 * says so in one line. When the weather is not available, the fields simply stay manual.
 */
import { useEffect, useRef, useState } from 'react';
import { Form, Typography } from 'antd';
import { CloudOutlined } from '@ant-design/icons';
import { fetchWeather, filledValues, weatherPatch, type FieldPath } from './weather';

/** The weather row's default (schemas/diario.ts) and the shifts' suggestion: not something the person typed. */
const TEMPO_DEFAULT = 'Ensolarado';
export const WEATHER_NOTE = 'Clima preenchido pela previsão (Open-Meteo); confira e altere se preciso.';

const keyOf = (path: FieldPath) => path.join('.');

/**
 * `existing`: a saved report opened for editing — only what is still empty is filled (a saved
 * "Ensolarado" is the person's, not a default).
 */
export function WeatherFill({ obra: fixed, existing = false }: { obra?: string; existing?: boolean }) {
  const form = Form.useFormInstance();
  const watchedObra = Form.useWatch('obra', form) as string | undefined;
  const data = Form.useWatch('data', form) as string | undefined;
  const obra = fixed ?? watchedObra;
  const filled = useRef(new Map<string, unknown>());
  const [note, setNote] = useState(false);

  useEffect(() => {
    const day = typeof data === 'string' ? data.slice(0, 10) : '';
    if (!obra || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
    const abort = new AbortController();
    void fetchWeather(obra, day, abort.signal).then((answer) => {
      if (abort.signal.aborted || !answer?.disponivel) return;
      const patch = weatherPatch({ clima: form.getFieldValue('clima'), chuvaMm: form.getFieldValue('chuvaMm') }, answer, {
        typed: (path) => form.isFieldTouched(path),
        suggested: (path, value) => filled.current.get(keyOf(path)) === value || (!existing && path[2] === 'tempo' && value === TEMPO_DEFAULT),
      });
      if (!patch) return;
      form.setFieldsValue(patch);
      for (const [k, v] of filledValues(patch)) filled.current.set(k, v);
      setNote(true);
    });
    return () => abort.abort();
  }, [form, obra, data, existing]);

  if (!note) return null;
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }} role="status">
      <CloudOutlined /> {WEATHER_NOTE}
    </Typography.Paragraph>
  );
}
