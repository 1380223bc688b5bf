/** The field form's notices about the device: a draft put back, a record queued to be sent. */
import React from 'react';
import { Alert, Button, Popconfirm } from 'antd';
import { useNotification } from '@refinedev/core';
import type { EntitySchema } from '../../../schemas/kinds';
import { formatDateTime } from '../format';

export function DeviceDraftBanner({ savedAt, onDiscard }: { savedAt: number; onDiscard: () => void }): React.ReactElement {
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={`Rascunho recuperado do aparelho (salvo em ${formatDateTime(new Date(savedAt).toISOString())}).`}
      description="O que você digitou foi guardado neste aparelho e voltou para o formulário."
      action={
        <Popconfirm
          title="Descartar o rascunho?"
          description="O que foi digitado e as fotos escolhidas serão apagados deste aparelho."
          okText="Descartar"
          cancelText="Manter"
          onConfirm={onDiscard}
        >
          <Button size="small">Descartar rascunho</Button>
        </Popconfirm>
      }
    />
  );
}

export function useQueuedNotice() {
  const { open } = useNotification();
  return {
    queued: (schema: EntitySchema) =>
      open?.({
        key: 'aparelho-salvo',
        type: 'success',
        message: navigator.onLine ? `${schema.label}: salvo no aparelho, enviando…` : `Sem conexão: ${schema.label.toLowerCase()} salvo no aparelho.`,
        description: 'Será enviado ao servidor quando a conexão voltar. Acompanhe em "No aparelho".',
      }),
    failed: (message: string) => open?.({ key: 'aparelho-falha', type: 'error', message: 'Não foi possível salvar no aparelho.', description: message }),
  };
}
