/**
 * "Copiar do dia anterior" on a new daily report: asks the API for the site's latest report the user
 * can read (GET /diarios/copia-anterior?obra=) and fills the form's manpower, equipment and
 * activities in progress; the date becomes today only when no report of the site has it yet.
 */
import { useState } from 'react';
import { Button, Form, Space, Tooltip, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useApiUrl, useDataProvider, type HttpError } from '@refinedev/core';
import { formatDate } from '../../format';
import { notify } from '../../providers/toast-store';

interface CopyBody {
  data: string | null;
  dataOcupada: boolean;
  maoDeObra: unknown[];
  equipamentos: unknown[];
  atividades: unknown[];
  origem: { id: number; numero: number | null; data: string | null };
}

/** The read of "Copiar do dia anterior": the same address the field data keeps for offline use. */
export const copyPreviousQuery = (apiUrl: string, obra: string) => ({ url: `${apiUrl}/diarios/copia-anterior`, method: 'get' as const, query: { obra } });

export function CopyPreviousButton({ obra: fixed }: { obra?: string }) {
  const form = Form.useFormInstance();
  const watched = Form.useWatch('obra', form) as string | undefined;
  const obra = fixed ?? watched;
  const apiUrl = useApiUrl();
  const dataProvider = useDataProvider();
  const [loading, setLoading] = useState(false);

  const copy = async () => {
    if (!obra) return;
    setLoading(true);
    try {
      const { data } = await dataProvider().custom!<CopyBody>(copyPreviousQuery(apiUrl, obra));
      form.setFieldsValue({ maoDeObra: data.maoDeObra, equipamentos: data.equipamentos, atividades: data.atividades, data: data.data ?? undefined });
      if (data.dataOcupada) form.setFieldValue('data', undefined);
      const from = `nº ${data.origem.numero ?? data.origem.id} de ${formatDate(data.origem.data)}`;
      if (data.dataOcupada)
        notify({
          type: 'warning',
          options: { key: `copiar-anterior-${obra}`, timeout: 8000 },
          title: `Copiado do diário ${from}. Já existe um diário desta obra com a data de hoje: informe a data deste diário.`,
        });
      else
        notify({
          type: 'success',
          options: { key: `copiar-anterior-${obra}` },
          title: `Copiado do diário ${from}: mão de obra, equipamentos e atividades em andamento.`,
        });
    } catch (e) {
      // Offline the device's copy answers (kept with the field data, modules/aparelho/site-data.tsx); without one, say so plainly.
      const offline = (e as HttpError)?.statusCode === 0 || !navigator.onLine;
      notify({
        type: 'error',
        options: { key: `copiar-anterior-${obra}` },
        title: offline
          ? 'Sem conexão, e o último diário desta obra não está guardado neste aparelho: preencha à mão ou copie quando a rede voltar.'
          : ((e as HttpError)?.message ?? 'Não foi possível copiar o diário anterior.'),
      });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Space style={{ marginBottom: 16 }} wrap>
      <Tooltip title={obra ? undefined : 'Escolha a obra primeiro.'}>
        <Button icon={<CopyOutlined />} onClick={() => void copy()} loading={loading} disabled={!obra}>
          Copiar do dia anterior
        </Button>
      </Tooltip>
      <Typography.Text type="secondary">Mão de obra, equipamentos e atividades em andamento do último diário da obra.</Typography.Text>
    </Space>
  );
}
