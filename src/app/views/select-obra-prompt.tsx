/**
 * What a site-required route shows without a site (`/seguros`, `/juridico/civil` without `?obra=`):
 * the entity page and the dashboards alike. The notice (antd Result) loads only when shown.
 */
import { lazy, Suspense } from 'react';
import { Spin } from 'antd';

const SelectObraNotice = lazy(() => import('./select-obra-notice').then((m) => ({ default: m.SelectObraNotice })));

export function SelectObraPrompt({ title }: { title: string }) {
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} aria-label="Carregando" />}>
      <SelectObraNotice title={title} />
    </Suspense>
  );
}
