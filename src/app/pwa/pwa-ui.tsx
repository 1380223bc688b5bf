/**
 * What the person sees of the installable app: the "Sem conexão" tag of the header, the "Instalar o
 * portal" offer of the user menu and the persistent "Nova versão disponível" notice.
 */
import { useSyncExternalStore } from 'react';
import { Alert, Button, Tag, Tooltip } from 'antd';
import { DisconnectOutlined } from '@ant-design/icons';
import { useOnline } from './online';
import { applyUpdate, promptInstall, pwaStore } from './pwa-store';

export const OFFLINE_LABEL = 'Sem conexão';
export const OFFLINE_HINT = 'Você está sem conexão: o que for salvo fica no aparelho e é enviado quando a conexão voltar.';
export const INSTALL_LABEL = 'Instalar o portal';
export const UPDATE_MESSAGE = 'Nova versão disponível — atualizar';
export const UPDATE_BUTTON = 'Atualizar';

/** The header's connection indicator: nothing while online; `compact` (phones): the icon alone, same name and tooltip. */
export function OfflineTag({ compact = false }: { compact?: boolean }) {
  const online = useOnline();
  if (online) return null;
  return (
    <Tooltip title={OFFLINE_HINT}>
      {/* Focusable, so the explanation also opens from the keyboard. */}
      <Tag
        color="warning"
        icon={<DisconnectOutlined />}
        tabIndex={0}
        role="status"
        aria-label={OFFLINE_LABEL}
        style={{ marginInlineEnd: 0, flex: '0 0 auto', ...(compact ? { paddingInline: 6 } : {}) }}
      >
        {compact ? null : OFFLINE_LABEL}
      </Tag>
    </Tooltip>
  );
}

/** The install action while the browser offers it and the app is not installed; null otherwise. */
export function useInstallOffer(): (() => void) | null {
  const offered = useSyncExternalStore(
    pwaStore.subscribe,
    () => !!pwaStore.getState().installOffer && !pwaStore.getState().installed,
    () => false,
  );
  return offered ? () => void promptInstall().catch((err) => console.warn('[pwa] instalação não concluída.', err)) : null;
}

/** The persistent notice of a waiting version: it stays until the person presses "Atualizar". */
export function UpdateNotice() {
  return (
    <Alert
      type="info"
      banner
      showIcon
      role="status"
      message={UPDATE_MESSAGE}
      action={
        <Button size="small" type="primary" onClick={() => void applyUpdate()}>
          {UPDATE_BUTTON}
        </Button>
      }
    />
  );
}

export default UpdateNotice;
