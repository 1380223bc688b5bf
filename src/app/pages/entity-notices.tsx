/**
 * The notices of an entity page (antd Result with its illustrations): the prompt to pick a site
 * and the "not found" of a record looked up by a field. Loaded only when shown.
 */
import { Result } from 'antd';
import type { EntitySchema } from '../../../schemas/kinds';
import { SitePicker } from '../layouts/site-picker';

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

export function RecordNotFound({ schema }: { schema: EntitySchema }) {
  return <Result status="404" title={`${schema.label} não encontrad${schema.gender === 'f' ? 'a' : 'o'}`} subTitle="Verifique o endereço ou a obra selecionada." />;
}
