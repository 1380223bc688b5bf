/**
 * The panel of a tapped pin: title, code, state, due date (dd/mm/aaaa) and a link to the record; a pin
 * whose sheet got a new revision shows a warning and, for who may change it, "Confirmar posição"
 * (`POST /api/v1/plantas/{id}/pinos/{chave}/confirmar`; dragging the pin on the sheet moves it, this
 * confirms it where it is, from the keyboard too); a pinned record (not a punch item) has
 * "Desafixar" (unpin-button.tsx). The API decides and answers 403 otherwise, shown as its message.
 */
import React, { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Descriptions, Drawer, Grid, Tag } from 'antd';
import { schemaByResource } from '../../../../schemas';
import { entityPaths } from '../../../../resources/routes';
import type { PinoDaFolha } from '../../../../resources/plantas';
import { formatDate } from '../../format';
import { confirmPin } from './plantas-api';
import { useMayChangePin } from './pin-rights';
import { isPinnedRecord, UnpinButton } from './unpin-button';

function recordPath(p: PinoDaFolha): string | undefined {
  const schema = schemaByResource(p.recurso);
  return schema ? entityPaths(schema).show.replace(':id', encodeURIComponent(String(p.id))) : undefined;
}

export interface PinPanelProps {
  pin: PinoDaFolha | null;
  folha: number;
  obra: string;
  onClose: () => void;
  /** The pin as the API answers after the confirmation. */
  onConfirmed: (pin: PinoDaFolha) => void;
  /** The record was taken off the sheet. */
  onUnpinned: (pin: PinoDaFolha) => void;
}

function ConfirmPlace({ pin, folha, may, onConfirmed }: { pin: PinoDaFolha; folha: number; may: boolean; onConfirmed: (p: PinoDaFolha) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onConfirmed(await confirmPin(folha, pin.chave));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message="A revisão da folha mudou"
      description={
        <>
          {`Confira se o pino continua no lugar certo${pin.revisaoAnterior ? ` (estava na revisão ${pin.revisaoAnterior})` : ''}.`}
          {may ? ' Se não estiver, arraste-o na planta até o lugar certo.' : ''}
          {error ? <div role="alert">{error}</div> : null}
        </>
      }
      action={
        may ? (
          <Button size="small" type="primary" loading={busy} onClick={confirm}>
            Confirmar posição
          </Button>
        ) : undefined
      }
    />
  );
}

export function PinPanel({ pin, folha, obra, onClose, onConfirmed, onUnpinned }: PinPanelProps): React.ReactElement {
  const phone = !Grid.useBreakpoint().md;
  const mayChange = useMayChangePin(obra);
  const may = !!pin && mayChange(pin);
  const path = pin ? recordPath(pin) : undefined;
  return (
    <Drawer
      open={!!pin}
      onClose={onClose}
      title={pin?.titulo}
      placement={phone ? 'bottom' : 'right'}
      height={phone ? '60%' : undefined}
      width={phone ? undefined : 360}
      closeIcon={<span aria-label="Fechar">×</span>}
      destroyOnHidden
    >
      {pin ? (
        <>
          {pin.revisaoMudou ? <ConfirmPlace pin={pin} folha={folha} may={may} onConfirmed={onConfirmed} /> : null}
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Tipo">{pin.tipo}</Descriptions.Item>
            <Descriptions.Item label="Código">{pin.codigo ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Situação">{pin.estado ? <Tag color={pin.estado.cor}>{pin.estado.rotulo}</Tag> : '—'}</Descriptions.Item>
            <Descriptions.Item label="Prazo">
              {pin.prazo ? formatDate(pin.prazo) : '—'}
              {pin.atrasado ? (
                <Tag color="red" style={{ marginLeft: 8 }}>
                  Atrasado
                </Tag>
              ) : null}
            </Descriptions.Item>
            {pin.disciplina ? <Descriptions.Item label="Disciplina">{pin.disciplina}</Descriptions.Item> : null}
          </Descriptions>
          {path ? (
            <div style={{ marginTop: 12 }}>
              <Link to={path}>Abrir o registro</Link>
            </div>
          ) : null}
          {may && isPinnedRecord(pin) ? <UnpinButton key={pin.chave} pin={pin} folha={folha} onUnpinned={onUnpinned} /> : null}
        </>
      ) : null}
    </Drawer>
  );
}
