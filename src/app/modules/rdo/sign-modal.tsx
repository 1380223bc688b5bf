/**
 * "Assinar diário" / "Assinar RIT": draw the signature on a pad, or confirm with the signed-in
 * account (the path for keyboard users). Posts to /{diarios|rits}/{id}/assinaturas and hands the new
 * state to the card. Full width on phones. Mounted while open (each opening starts empty).
 */
import { useState } from 'react';
import { Alert, Checkbox, Flex, Modal, Radio, Typography } from 'antd';
import { PHONE_MEDIA_QUERY, useMediaQuery } from '../../use-media-query';
import { SignaturePad } from './signature-pad';
import type { SignMethod } from '../../../../schemas/signature-types';
import type { SignaturesView, SignBody } from '../../../../resources/signatures';
import { ApiCallError, callRoute } from '../../providers/api-client';
import { notify } from '../../providers/toast-store';
import { RDO_SIGNED, signatureRoutes, type SignedDocumentUi } from './signed-document';

interface Problem {
  message: string;
  details: string[];
}

export function SignModal({
  recordId,
  doc = RDO_SIGNED,
  onClose,
  onSigned,
  onStale,
}: {
  recordId: string | number;
  doc?: SignedDocumentUi;
  onClose: () => void;
  onSigned: (info: SignaturesView) => void;
  /** The API refused because the report or its signatures changed (409): reload them. */
  onStale: () => void;
}) {
  const phone = useMediaQuery(PHONE_MEDIA_QUERY);
  const [metodo, setMetodo] = useState<SignMethod>('desenho');
  const [imagem, setImagem] = useState<string | null>(null);
  const [confirmo, setConfirmo] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const ready = metodo === 'desenho' ? imagem !== null : confirmo;

  const submit = async () => {
    const body: SignBody | null = metodo === 'login' ? (confirmo ? { metodo, confirmo: true } : null) : imagem ? { metodo, imagem } : null;
    if (!body || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const { sign, fallback } = signatureRoutes(doc);
      const info = await callRoute(sign, { params: { id: recordId }, body, fallback });
      notify({ type: 'success', title: doc.signedToast, options: { key: `assinatura-${doc.resource}-${recordId}` } });
      onSigned(info);
    } catch (e) {
      const err = e instanceof ApiCallError ? e : new ApiCallError('Não foi possível concluir a assinatura.', 0);
      setProblem({ message: err.message, details: Object.values(err.errors).flat() });
      if (err.status === 409) onStale();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={doc.signAction}
      okText="Assinar"
      cancelText="Cancelar"
      okButtonProps={{ disabled: !ready, loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      onOk={() => void submit()}
      onCancel={() => {
        if (!busy) onClose();
      }}
      maskClosable={false}
      destroyOnHidden
      width={phone ? '100vw' : 600}
      style={phone ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : undefined}
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>
          Ao assinar, o portal registra o seu nome, a data e a hora, o endereço IP, o dispositivo (navegador) e uma impressão digital (SHA-256) do conteúdo do{' '}
          {doc.noun}. Qualquer alteração posterior do conteúdo anula a assinatura.
        </Typography.Paragraph>
        {problem ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            message={problem.message}
            description={
              problem.details.length ? (
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {problem.details.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        ) : null}
        <Radio.Group
          aria-label="Forma de assinatura"
          name="metodo-assinatura"
          optionType="button"
          buttonStyle="solid"
          value={metodo}
          disabled={busy}
          onChange={(e) => {
            setMetodo(e.target.value as SignMethod);
            setProblem(null);
          }}
          options={[
            { value: 'desenho', label: 'Desenhar assinatura' },
            { value: 'login', label: 'Confirmar com meu login' },
          ]}
        />
        {metodo === 'desenho' ? (
          <SignaturePad onChange={setImagem} disabled={busy} />
        ) : (
          <Flex vertical gap={8}>
            <Typography.Text type="secondary">
              A assinatura fica registrada com a sua conta do portal (nome e e-mail de quem está conectado), sem desenho.
            </Typography.Text>
            <Checkbox checked={confirmo} disabled={busy} onChange={(e) => setConfirmo(e.target.checked)}>
              {doc.confirmText}
            </Checkbox>
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}
