/**
 * The daily report's create and edit forms (view overrides of `diario`): the generic form of the
 * schema, with the site's RDO configuration applied (lists as options, mandatory sections required,
 * shifts as the new report's weather rows) and, on a new report, "Copiar do dia anterior" and the
 * weather of the day filled from the forecast where the person typed nothing (`WeatherFill`; on an
 * edit, only where the saved report has nothing).
 */
import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { Form } from 'antd';
import { useApiUrl, useCustom, useOne, type BaseRecord } from '@refinedev/core';
import type { EntitySchema } from '../../../../schemas/kinds';
import { GenericForm } from '../../views/generic-form';
import type { ViewProps } from '../../views/overrides';
import { CopyPreviousButton } from './copy-previous-button';
import { WeatherFill } from './weather-fill';
import { rdoOptionsQuery } from './rdo-options-query';
import { defaultsFromShifts, schemaWithRdoOptions, type RdoOptions } from './rdo-options';
import { Loading } from '../../views/loading';
import { PICKER_NETWORK_MODE } from '../../fields/inputs/reference-select';

/** The site's RDO configuration (undefined while loading or without a site). */
export function useRdoOptions(obra: string | undefined): { options?: RdoOptions; loading: boolean } {
  const apiUrl = useApiUrl();
  const { url, method, query: params } = rdoOptionsQuery(apiUrl, obra ?? '');
  const { query, result } = useCustom<RdoOptions>({
    url,
    method,
    config: { query: params },
    // Read even without network (the service worker answers from the device): React Query's default
    // would pause it, and the form would wait for its lists until the signal returns.
    queryOptions: { enabled: !!obra, queryKey: ['rdo-opcoes', obra], staleTime: 60_000, networkMode: PICKER_NETWORK_MODE },
    errorNotification: false,
  });
  if (!obra) return { loading: false };
  const body = result?.data as RdoOptions | undefined;
  const loaded = !!body && Array.isArray(body.turnos);
  return { options: loaded ? body : undefined, loading: !loaded && !query.isError };
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

/** Fills the form's empty fields once, without locking them (unlike a route's prefill). */
function SuggestedValues({ values }: { values: Record<string, unknown> }) {
  const form = Form.useFormInstance();
  useEffect(() => {
    // After the form's own mount effect (Refine's useForm resets the fields to their initial values).
    const timer = setTimeout(() => {
      const empty = Object.fromEntries(Object.entries(values).filter(([k]) => isEmpty(form.getFieldValue(k))));
      if (Object.keys(empty).length) form.setFieldsValue(empty);
    }, 0);
    return () => clearTimeout(timer);
  }, [form, values]);
  return null;
}

const loadingView = <Loading style={{ margin: '48px auto' }} label="Carregando" />;

export function DiarioCreate({ schema, defaults }: ViewProps) {
  const { obra } = useParams();
  const { options, loading } = useRdoOptions(obra);
  const formSchema = useMemo<EntitySchema>(() => schemaWithRdoOptions(schema, options), [schema, options]);
  // The route's site is locked (like any prefill); the shifts only suggest the weather rows and the hours.
  const initialValues = useMemo(() => (obra ? { obra } : {}), [obra]);
  const suggested = useMemo(() => defaultsFromShifts(options), [options]);
  if (loading) return loadingView;
  return (
    <GenericForm
      schema={formSchema}
      action="create"
      initialValues={initialValues}
      defaults={defaults}
      toolbar={
        <>
          <SuggestedValues values={suggested} />
          <CopyPreviousButton obra={obra} />
          <WeatherFill obra={obra} />
        </>
      }
    />
  );
}

export function DiarioEdit({ schema }: ViewProps) {
  const params = useParams();
  const id = params.diario ?? params.id;
  const { result: record, query } = useOne<BaseRecord>({ resource: schema.resource, id: id ?? '', queryOptions: { enabled: !!id } });
  const { options, loading } = useRdoOptions(record?.obra as string | undefined);
  const formSchema = useMemo<EntitySchema>(() => schemaWithRdoOptions(schema, options, record), [schema, options, record]);
  if (query.isLoading || loading) return loadingView;
  return <GenericForm schema={formSchema} action="edit" id={id} toolbar={<WeatherFill obra={record?.obra as string | undefined} existing />} />;
}
