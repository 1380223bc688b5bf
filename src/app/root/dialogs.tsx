/**
 * Dialogs and quick menus (spec sections 4 and 9).
 *
 * - `DialogProvider` + `useDialogs()`: `confirm` (OK submits → true, "Cancelar" or closing →
 *   false) and `alert` (OK only). Width 400, z-index 2400 over a mask at 2000. Dialogs
 *   opened while one is showing wait their turn.
 * - `QuickConfirm` / `QuickInput`: menus that open from their child element (click), width 350,
 *   and close on submit; the input one is emptied after submit.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { Button, Input, Popconfirm, Popover } from 'antd';
import { DIALOG, QUICK_MENU } from './constants';
import type { DialogOptions, PendingDialog } from './dialog-types';

export type { DialogOptions };

// antd's Modal loads with the first dialog, not with every page.
const DialogView = lazy(() => import('./dialog-view').then((m) => ({ default: m.DialogView })));

export interface DialogsApi {
  confirm(options: DialogOptions): Promise<boolean>;
  alert(options: DialogOptions): Promise<void>;
}

const DialogContext = createContext<DialogsApi | null>(null);

export function useDialogs(): DialogsApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useDialogs() must be used inside <DialogProvider>');
  return api;
}

export function DialogProvider({ children }: { children?: ReactNode }) {
  const [queue, setQueue] = useState<PendingDialog[]>([]);
  const nextId = useRef(1);

  const openDialog = useCallback((kind: PendingDialog['kind'], options: DialogOptions) => {
    return new Promise<boolean>((resolve) => {
      const id = nextId.current++;
      setQueue((q) => [...q, { id, kind, options, resolve }]);
    });
  }, []);

  const api = useMemo<DialogsApi>(
    () => ({
      confirm: (options) => openDialog('confirm', options),
      alert: async (options) => {
        await openDialog('alert', options);
      },
    }),
    [openDialog],
  );

  const current = queue[0];
  const settle = (ok: boolean) => {
    if (!current) return;
    current.resolve(ok);
    setQueue((q) => q.filter((d) => d.id !== current.id));
  };

  return (
    <DialogContext.Provider value={api}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <DialogView key={current.id} dialog={current} onSettle={settle} />
        </Suspense>
      ) : null}
    </DialogContext.Provider>
  );
}

// ---------------------------------------------------------------------------------------
// Quick menus

export interface QuickConfirmProps {
  title: ReactNode;
  text?: ReactNode;
  /** Default 'Confirmar'. */
  okText?: string;
  /** Default 'Cancelar'. */
  cancelText?: string;
  danger?: boolean;
  disabled?: boolean;
  /** Runs on submit; the menu closes once it settles (shows a spinner while a promise runs). */
  onConfirm: () => void | Promise<void>;
  onCancel?: () => void;
  /** The parent element the menu opens from. */
  children: ReactElement;
}

export function QuickConfirm({
  title,
  text,
  okText = 'Confirmar',
  cancelText = 'Cancelar',
  danger,
  disabled,
  onConfirm,
  onCancel,
  children,
}: QuickConfirmProps) {
  return (
    <Popconfirm
      title={title}
      description={text}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ danger }}
      disabled={disabled}
      onConfirm={async () => {
        await onConfirm();
      }}
      onCancel={() => onCancel?.()}
      styles={{ root: { width: QUICK_MENU.width, maxWidth: 'calc(100vw - 16px)' } }}
      zIndex={DIALOG.zIndex}
    >
      {children}
    </Popconfirm>
  );
}

export interface QuickInputProps {
  title: ReactNode;
  /** Accessible label of the text field; default: the title when it is a string, else 'Texto'. */
  label?: string;
  placeholder?: string;
  /** Default 'OK'. */
  okText?: string;
  /** Default 'Cancelar'. */
  cancelText?: string;
  /** Text the field starts with (until the first submit empties it); default ''. Text typed and not submitted is kept. */
  initialValue?: string;
  /** Refuse an empty (blank) text; default true. */
  required?: boolean;
  /** Multi-line text area instead of a single-line input. */
  multiline?: boolean;
  maxLength?: number;
  disabled?: boolean;
  onSubmit: (value: string) => void | Promise<void>;
  onCancel?: () => void;
  /** The parent element the menu opens from. */
  children: ReactElement;
}

export function QuickInput({
  title,
  label,
  placeholder,
  okText = 'OK',
  cancelText = 'Cancelar',
  initialValue = '',
  required = true,
  multiline,
  maxLength,
  disabled,
  onSubmit,
  onCancel,
  children,
}: QuickInputProps) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(initialValue);
  const [busy, setBusy] = useState(false);
  const fieldLabel = label ?? (typeof title === 'string' ? title : 'Texto');
  const blank = value.trim() === '';

  const onOpenChange = (next: boolean) => {
    if (disabled || busy) return;
    if (!next) onCancel?.();
    setOpen(next);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy || (required && blank)) return;
    setBusy(true);
    try {
      await onSubmit(value);
      setValue('');
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };

  const field = multiline ? (
    <Input.TextArea
      aria-label={fieldLabel}
      placeholder={placeholder}
      value={value}
      maxLength={maxLength}
      autoSize={{ minRows: 2, maxRows: 6 }}
      autoFocus
      onChange={(e) => setValue(e.target.value)}
    />
  ) : (
    <Input aria-label={fieldLabel} placeholder={placeholder} value={value} maxLength={maxLength} autoFocus onChange={(e) => setValue(e.target.value)} />
  );

  const content = (
    <form onSubmit={submit} data-testid="quick-input-form">
      {field}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 8 }}>
        <Button size="small" onClick={() => onOpenChange(false)} disabled={busy}>
          {cancelText}
        </Button>
        <Button size="small" type="primary" htmlType="submit" loading={busy} disabled={required && blank}>
          {okText}
        </Button>
      </div>
    </form>
  );

  return (
    <Popover
      title={title}
      content={content}
      trigger="click"
      open={open}
      onOpenChange={onOpenChange}
      styles={{ root: { width: QUICK_MENU.width, maxWidth: 'calc(100vw - 16px)' } }}
      zIndex={DIALOG.zIndex}
      destroyOnHidden
    >
      {children}
    </Popover>
  );
}
