/**
 * "Assinaturas" of a document of record in a signed state (a concluded daily report, an issued RIT):
 * who signed (role as the document names it, name, date/time, method, the drawn image), whether each
 * signature still holds (voided ones with the reason), the verification code, and "Assinar diário" /
 * "Assinar RIT" when the API says the caller may sign now (otherwise its reason).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import { EditOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../format';
import { METHOD_LABELS, roleLabel } from './signature-labels';
import { SignModal } from './sign-modal';
import type { SignaturesView, SignatureView } from '../../../../resources/signatures';
import { callRoute } from '../../providers/api-client';
import { Loading } from '../../views/loading';
import { RDO_SIGNED, signatureRoutes, type SignedDocumentUi } from './signed-document';

/** The inbox action that opens the signature dialog (src/server/signatures/pending.ts). */
export const SIGN_ACTION = 'assinar';

function SignatureItem({ s, roles }: { s: SignatureView; roles?: SignaturesView['papeis'] }) {
  const role = roles?.[s.papel] ?? roleLabel(s.papel);
  return (
    <Flex
      component="li"
      gap={12}
      wrap
      justify="space-between"
      style={{ padding: 12, border: '1px solid #f0f0f0', borderRadius: 8 }}
      aria-label={`${role}: ${s.nome}`}
    >
      <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{role}</Typography.Text>
          {s.valida ? <Tag color="green">Válida</Tag> : <Tag color="red">Anulada</Tag>}
        </Flex>
        <Typography.Text>{s.nome}</Typography.Text>
        <Typography.Text type="secondary">
          {formatDateTime(s.em)} · {METHOD_LABELS[s.metodo] ?? s.metodo}
        </Typography.Text>
        {!s.valida ? (
          <Typography.Text type="danger">
            {s.anuladaEm ? `Anulada em ${formatDateTime(s.anuladaEm)}` : 'Anulada'}
            {s.anuladaMotivo ? `: ${s.anuladaMotivo}` : '.'}
          </Typography.Text>
        ) : null}
      </Flex>
      {s.imagem ? (
        <img
          src={s.imagem}
          alt={`Assinatura desenhada de ${s.nome}`}
          style={{ maxWidth: 180, maxHeight: 60, objectFit: 'contain', alignSelf: 'center', background: '#fff' }}
        />
      ) : null}
    </Flex>
  );
}

/**
 * `concluded` false: the document was reopened (or is a draft); the card shows only when it had
 * signatures (now void), so the change stays visible on the document.
 */
export function SignaturesCard({
  recordId,
  doc = RDO_SIGNED,
  refreshKey,
  concluded = true,
}: {
  recordId: string | number;
  doc?: SignedDocumentUi;
  refreshKey?: unknown;
  concluded?: boolean;
}) {
  const [info, setInfo] = useState<SignaturesView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [signing, setSigning] = useState(false);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  // "Assinar diário" / "Assinar RIT" of the inbox or of the e-mail (`?acao=assinar`): the dialog opens once the API
  // says the person may sign now (the workflow's buttons drop the parameter from the URL).
  const [params] = useSearchParams();
  // In the address, or handed on by the workflow's buttons once they dropped it (transition-buttons.tsx).
  const handedOn = (useLocation().state as { acao?: unknown } | null)?.acao;
  const askedToSign = useRef(params.get('acao') === SIGN_ACTION || handedOn === SIGN_ACTION);
  useEffect(() => {
    if (askedToSign.current && info) {
      askedToSign.current = false;
      if (info.podeAssinar) setSigning(true);
    }
  }, [info]);

  useEffect(() => {
    let live = true;
    setError(null);
    const { read, fallback } = signatureRoutes(doc);
    void callRoute(read, { params: { id: recordId }, fallback })
      .then((data) => live && setInfo(data))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [recordId, doc, refreshKey, reloads]);

  if (!concluded && (!info || info.assinaturas.length === 0)) return null;
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          <SafetyCertificateOutlined aria-hidden />
          <span>Assinaturas</span>
        </Flex>
      }
    >
      {error ? (
        <Alert type="error" showIcon message={error} action={<Button onClick={reload}>Tentar de novo</Button>} />
      ) : !info ? (
        <Loading label="Carregando as assinaturas" />
      ) : (
        <Flex vertical gap={12}>
          {info.assinaturas.length ? (
            <Flex component="ul" vertical gap={8} style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={doc.listLabel}>
              {info.assinaturas.map((s) => (
                <SignatureItem key={s.id} s={s} roles={info.papeis} />
              ))}
            </Flex>
          ) : (
            <Typography.Text type="secondary">Nenhuma assinatura ainda.</Typography.Text>
          )}
          {info.codigo ? (
            <Typography.Text>
              Código de verificação: <Typography.Text code>{info.codigo}</Typography.Text>{' '}
              {/* Underlined: inside a sentence a link must not be told apart by its colour alone (WCAG 1.4.1). */}
              <Typography.Link underline href={`/verificar/${encodeURIComponent(info.codigo)}`} target="_blank" rel="noopener noreferrer">
                Verificar autenticidade
              </Typography.Link>
            </Typography.Text>
          ) : null}
          {info.podeAssinar ? (
            <div>
              <Button type="primary" icon={<EditOutlined />} onClick={() => setSigning(true)}>
                {doc.signAction}
              </Button>
            </div>
          ) : info.motivo ? (
            <Typography.Text type="secondary">{info.motivo}</Typography.Text>
          ) : null}
        </Flex>
      )}
      {signing ? (
        <SignModal
          recordId={recordId}
          doc={doc}
          onClose={() => setSigning(false)}
          onSigned={(next) => {
            setInfo(next);
            setSigning(false);
          }}
          onStale={reload}
        />
      ) : null}
    </Card>
  );
}
