/**
 * "No aparelho" (/no-aparelho, issue 26): what the person wrote on this device and the server does
 * not have yet — drafts, records waiting for the network, conflicts and refusals — and what was sent
 * in the last day. Each shows its state; "Enviar agora" sends what waits.
 */
import { PHONE_MEDIA_QUERY, useMediaQuery } from '../../use-media-query';
import { REFRESH_SITE_DATA, useSiteDataStamp } from './site-data';
import { useCurrentUser } from '../../access/ability-context';
import { reopenOnDevice } from '../../offline/reopen';
import React, { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Card, Empty, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import { schemaByResource } from '../../../../schemas';
import { entityPaths } from '../../../../resources/routes';
import { deleteFile, deleteRecord, recordsOf, type DeviceRecord } from '../../offline/device-db';
import { deviceFileId, deviceKeysIn } from '../../offline/device-files';
import { notifyDeviceChange } from '../../offline/device-events';
import { useDeviceTick } from '../../offline/use-device-tick';
import { flushOutbox } from '../../offline/outbox';
import { useOnline } from '../../pwa/online';
import { formatDateTime } from '../../format';
import { StateTag } from './state-tag';

export function useDeviceRecords(): { owner?: string; records: DeviceRecord[] | undefined } {
  const { data: identity } = useGetIdentity<{ email?: string }>();
  const owner = identity?.email;
  const tick = useDeviceTick();
  const [records, setRecords] = useState<DeviceRecord[]>();
  useEffect(() => {
    if (!owner) return;
    let cancelled = false;
    void recordsOf(owner)
      .catch(() => [] as DeviceRecord[])
      .then((all) => !cancelled && setRecords(all.sort((a, b) => b.updatedAt - a.updatedAt)));
    return () => {
      cancelled = true;
    };
  }, [owner, tick]);
  return { owner, records };
}

/** Forgets a record kept on the device, with its photos. */
export async function discardDeviceRecord(rec: DeviceRecord): Promise<void> {
  for (const key of deviceKeysIn(rec.values)) await deleteFile(deviceFileId(key));
  await deleteRecord(rec.id);
  notifyDeviceChange();
}

function sentPath(rec: DeviceRecord): string | undefined {
  const schema = schemaByResource(rec.resource);
  return schema && rec.recordId ? entityPaths(schema).show.replace(':id', encodeURIComponent(rec.recordId)) : undefined;
}

/** The buttons of a record, by its state (a plain function: List.Item takes an array of nodes). */
function actionsFor(rec: DeviceRecord, navigate: (to: string) => void): React.ReactNode[] {
  const discard = (
    <Popconfirm
      key="descartar"
      title="Descartar do aparelho?"
      description="O que foi digitado e as fotos deste registro serão apagados deste aparelho."
      okText="Descartar"
      cancelText="Manter"
      onConfirm={() => discardDeviceRecord(rec)}
    >
      <Button size="small" danger>
        Descartar
      </Button>
    </Popconfirm>
  );
  switch (rec.state) {
    case 'rascunho':
      return [
        <Button key="continuar" size="small" type="primary" onClick={() => navigate(rec.path)}>
          Continuar
        </Button>,
        discard,
      ];
    case 'conflito':
    case 'recusado':
      return [
        <Button key="resolver" size="small" type="primary" onClick={() => navigate(`/no-aparelho/${rec.id}`)}>
          {rec.state === 'conflito' ? 'Resolver conflito' : 'Ver motivo'}
        </Button>,
        discard,
      ];
    case 'enviado': {
      const to = sentPath(rec);
      return to
        ? [
            <Link key="abrir" to={to}>
              Abrir
            </Link>,
          ]
        : [];
    }
    default:
      // Waiting for the network: it can still be changed before it leaves (issue 36).
      return rec.state === 'salvo'
        ? [
            <Button key="editar" size="small" onClick={() => void reopenOnDevice(rec).then((to) => to && navigate(to))}>
              Abrir e editar
            </Button>,
            discard,
          ]
        : [];
  }
}

/** When the data the field forms use offline (EAP, people, lists) was last kept here, and a refresh. */
function FieldDataLine({ online }: { online: boolean }) {
  // The person the keeper keeps data for (the session's user, as SiteDataKeeper reads it).
  const stamp = useSiteDataStamp(useCurrentUser()?.email);
  return (
    <Space size={[8, 4]} wrap>
      <Typography.Text type="secondary">
        {stamp
          ? `Dados para usar sem conexão (EAP, pessoas e listas das suas obras) atualizados em ${formatDateTime(new Date(stamp.at).toISOString())}.`
          : 'Os dados para usar sem conexão (EAP, pessoas e listas das suas obras) ainda não foram guardados neste aparelho.'}
      </Typography.Text>
      {online ? (
        <Button size="small" onClick={() => window.dispatchEvent(new Event(REFRESH_SITE_DATA))}>
          Atualizar agora
        </Button>
      ) : null}
    </Space>
  );
}

export function DeviceListPage(): React.ReactElement {
  const { owner, records } = useDeviceRecords();
  const online = useOnline();
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE_MEDIA_QUERY);
  const [sending, setSending] = useState(false);
  const waiting = records?.filter((r) => r.state === 'salvo' || r.state === 'enviando').length ?? 0;
  const sendNow = useCallback(async () => {
    if (!owner) return;
    setSending(true);
    await flushOutbox(owner).finally(() => setSending(false));
  }, [owner]);

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          No aparelho
        </Typography.Title>
      }
      extra={
        <Button icon={<CloudUploadOutlined />} disabled={!online || !waiting} loading={sending} onClick={() => void sendNow()}>
          Enviar agora
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {online ? null : (
          <Alert type="warning" showIcon message="Sem conexão" description="O que está salvo no aparelho será enviado quando a conexão voltar." />
        )}
        <FieldDataLine online={online} />
        <List<DeviceRecord>
          // On a phone the buttons go under the title, which keeps the whole width (issue 36).
          itemLayout={phone ? 'vertical' : 'horizontal'}
          loading={!records}
          dataSource={records ?? []}
          locale={{ emptyText: <Empty description="Nada guardado neste aparelho: tudo o que você escreveu já está no servidor." /> }}
          renderItem={(rec) => {
            const photos = deviceKeysIn(rec.values).length;
            return (
              <List.Item actions={actionsFor(rec, navigate)}>
                <List.Item.Meta
                  title={rec.title}
                  description={
                    <Space size={[8, 4]} wrap>
                      <StateTag rec={rec} />
                      <span>{rec.action === 'edit' ? 'Edição' : 'Novo registro'}</span>
                      <span>Salvo em {formatDateTime(new Date(rec.updatedAt).toISOString())}</span>
                      {photos ? <Tag>{photos === 1 ? '1 foto no aparelho' : `${photos} fotos no aparelho`}</Tag> : null}
                    </Space>
                  }
                />
              </List.Item>
            );
          }}
        />
      </Space>
    </Card>
  );
}

export default DeviceListPage;
