/**
 * The toast container: top right, width 400, z-index 99999. Renders the shown toasts of a
 * toast store, the newest on top (issue 36: on a phone the older ones stayed over the new one);
 * hovering the stack pauses their progress.
 */
import { isValidElement, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Progress, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined, InfoCircleOutlined, UndoOutlined } from '@ant-design/icons';
import { TOAST } from './constants';
import { toastStore as defaultStore, type ToastItem, type ToastStore, type ToastType } from '../providers/toast-store';
import { visuallyHidden } from '../views/visually-hidden';

export interface ToastStackProps {
  store?: ToastStore;
}

const TYPE_ICONS: Record<ToastType, ReactNode> = {
  success: <CheckCircleOutlined />,
  error: <CloseCircleOutlined />,
  warning: <ExclamationCircleOutlined />,
  info: <InfoCircleOutlined />,
  progress: <UndoOutlined />,
};

const TYPE_LABELS: Record<ToastType, string> = {
  success: 'Sucesso',
  error: 'Erro',
  warning: 'Atenção',
  info: 'Informação',
  progress: 'Ação pendente',
};

export function useToastState(store: ToastStore = defaultStore) {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

export function ToastStack({ store = defaultStore }: ToastStackProps) {
  const { visible } = useToastState(store);
  return (
    <div
      className="toast-stack"
      data-testid="toast-stack"
      role="region"
      aria-label="Notificações"
      onMouseEnter={() => store.setHovered(true)}
      onMouseLeave={() => store.setHovered(false)}
      style={{
        position: 'fixed',
        top: 16,
        right: 16,
        width: TOAST.width,
        maxWidth: 'calc(100vw - 32px)',
        zIndex: TOAST.zIndex,
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
        pointerEvents: visible.length ? 'auto' : 'none',
      }}
    >
      {[...visible].reverse().map((item) => (
        <Toast key={item.notifierId} item={item} store={store} />
      ))}
    </div>
  );
}

function Toast({ item, store }: { item: ToastItem; store: ToastStore }) {
  const icon = isValidElement(item.icon) ? item.icon : TYPE_ICONS[item.type];
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      store.click(item.notifierId);
    }
  };
  const undo = item.type === 'progress' ? item.options.cancelMutation : undefined;
  return (
    <div
      role="status"
      aria-live={item.type === 'error' ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-testid="toast"
      data-type={item.type}
      tabIndex={0}
      onClick={() => store.click(item.notifierId)}
      onKeyDown={onKeyDown}
      style={{
        background: '#fff',
        borderLeft: `4px solid ${item.color}`,
        borderRadius: 6,
        boxShadow: '0 6px 16px rgba(0,0,0,0.12), 0 3px 6px -4px rgba(0,0,0,0.16)',
        padding: '10px 12px 6px',
        cursor: 'pointer',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'flex-start', gap: 10 }}>
        <span aria-hidden="true" style={{ color: item.color, fontSize: 20, lineHeight: '22px' }}>
          {icon}
        </span>
        <div style={{ flex: 1, minWidth: 0 }}>
          <span className="sr-only" style={visuallyHidden}>
            {TYPE_LABELS[item.type]}:{' '}
          </span>
          <div style={{ fontWeight: 500, wordBreak: 'break-word' }}>{item.title}</div>
          {item.text ? <div style={{ color: 'rgba(0,0,0,0.65)', wordBreak: 'break-word' }}>{item.text}</div> : null}
          {item.options.requestId ? <RequestIdLine id={item.options.requestId} /> : null}
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 2 }}>
          {undo ? (
            <Button
              size="small"
              type="link"
              icon={<UndoOutlined />}
              onClick={(e) => {
                e.stopPropagation();
                try {
                  undo();
                } finally {
                  store.remove(item.notifierId);
                }
              }}
            >
              {item.options.undoText ?? 'Desfazer'}
              {item.options.undoableTimeout ? ` (${item.options.undoableTimeout}s)` : ''}
            </Button>
          ) : null}
          <Button
            size="small"
            type="text"
            onClick={(e) => {
              e.stopPropagation();
              store.close(item.notifierId);
            }}
          >
            {TOAST.closeText}
          </Button>
        </div>
      </div>
      <Progress
        percent={item.progress}
        showInfo={false}
        size="small"
        strokeColor={item.color}
        aria-label="Tempo restante da notificação"
        style={{ margin: 0 }}
      />
    </div>
  );
}

/** "Código do erro: <id>", small and copyable (support finds the request's log line by it). */
function RequestIdLine({ id }: { id: string }) {
  return (
    <div data-testid="codigo-erro" onClick={(e) => e.stopPropagation()} style={{ fontSize: 12, marginTop: 2 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable={{ text: id, tooltips: ['Copiar código', 'Copiado'] }}>
        Código do erro: {id}
      </Typography.Text>
    </div>
  );
}
