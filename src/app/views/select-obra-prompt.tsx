/**
 * What a site-required route shows without a site (`/seguros`, `/juridico/civil` without `?obra=`):
 * the entity page and the dashboards alike. The notice (antd Result) loads only when shown.
 */
import { lazy, Suspense } from 'react';
import { Loading } from './loading';

const SelectObraNotice = lazy(() => import('./select-obra-notice').then((m) => ({ default: m.SelectObraNotice })));

export function SelectObraPrompt({ title }: { title: string }) {
  return (
    <Suspense fallback={<Loading style={{ margin: '48px auto' }} label="Carregando" />}>
      <SelectObraNotice title={title} />
    </Suspense>
  );
}
