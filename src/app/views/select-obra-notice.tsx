/**
 * The prompt to pick a site (antd Result with its illustration and the site picker), shown by
 * site-required routes without a site. Loaded only when shown (`SelectObraPrompt`).
 */
import { Result } from 'antd';
import { SitePicker } from '../fields/site-picker';

/** Shown by site-required routes without a site (`/seguros`, `/juridico/civil` without `?obra=`). */
export function SelectObraNotice({ title }: { title: string }) {
  return (
    <Result
      status="info"
      title={title}
      subTitle="Esta página trabalha sobre uma obra. Selecione a obra para continuar."
      extra={<SitePicker style={{ minWidth: 280 }} />}
    />
  );
}
