/** The field form's notices about the device: a draft put back, a record queued to be sent. */
import React from 'react';
import { Alert, Button, Popconfirm, Space } from 'antd';
import { useNotification } from '@refinedev/core';
import type { EntitySchema } from '../../../schemas/kinds';
import { formatDateTime } from '../format';
import { lowerLabel } from '../../../schemas/messages';

const saved = (schema: EntitySchema) => (schema.gender === 'f' ? 'salva' : 'salvo');

export function DeviceDraftBanner({ savedAt, onDiscard }: { savedAt: number; onDiscard: () => void }): React.ReactElement {
  // The button goes under the text (not as the Alert's action): at 390 px an action squeezes the message.
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={`Rascunho recuperado do aparelho (salvo em ${formatDateTime(new Date(savedAt).toISOString())}).`}
      description={
        <Space direction="vertical" size={8}>
          <span>O que você digitou foi guardado neste aparelho e voltou para o formulário.</span>
          <Popconfirm
            title="Descartar o rascunho?"
            description="O que foi digitado e as fotos escolhidas serão apagados deste aparelho."
            okText="Descartar"
            cancelText="Manter"
            onConfirm={onDiscard}
          >
            <Button size="small">Descartar rascunho</Button>
          </Popconfirm>
        </Space>
      }
    />
  );
}

export function useQueuedNotice() {
  const { open } = useNotification();
  return {
    // Keyed by the record: its later "Enviado ao servidor" (outbox-runner.tsx) replaces this toast instead of stacking under it.
    queued: (schema: EntitySchema, record?: { id: string }) =>
      open?.({
        key: record ? `aparelho-${record.id}` : 'aparelho-salvo',
        type: 'success',
        message: navigator.onLine
          ? `${schema.label}: ${saved(schema)} no aparelho, enviando as fotos e o registro. Acompanhe em "No aparelho".`
          : `Sem conexão: ${lowerLabel(schema.label)} ${saved(schema)} no aparelho. Será enviad${schema.gender === 'f' ? 'a' : 'o'} quando a conexão voltar.`,
      }),
    failed: (message: string) => open?.({ key: 'aparelho-falha', type: 'error', message: 'Não foi possível salvar no aparelho.', description: message }),
  };
}
