/** The shapes of the portal's dialogs (dialogs.tsx queues them, dialog-view.tsx shows one). */
import type { ReactNode } from 'react';

export interface DialogOptions {
  title: ReactNode;
  text?: ReactNode;
  /** Default 'OK'. */
  okText?: string;
  /** Confirm only; default 'Cancelar'. */
  cancelText?: string;
  /** Confirm only: OK button shown as dangerous. */
  danger?: boolean;
}

export interface PendingDialog {
  id: number;
  kind: 'confirm' | 'alert';
  options: DialogOptions;
  resolve: (ok: boolean) => void;
}
