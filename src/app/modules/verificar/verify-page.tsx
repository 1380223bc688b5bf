/**
 * The public verification of a signed document (/verificar and /verificar/:codigo): no sign-in, no
 * portal shell. Type (or follow a link with) the code printed on the document; the page says
 * whether the signatures still match the content, with the document's name and its signers —
 * nothing else about the record.
 */
import React, { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Card, Flex, Form, Input, Result, Tag, Typography } from 'antd';
import { roleLabel } from '../rdo/signature-labels';
import { formatDateTime } from '../../format';
import { verifyCode, type Verification, type VerifyOutcome } from './verify-api';
import { Loading } from '../../views/loading';

export const VALID_TITLE = 'Documento válido: o conteúdo confere com o que foi assinado';
/** The heading of each finding the API names (`situacao`). */
export const OUTCOME_TITLES: Record<Verification['situacao'], string> = {
  valido: VALID_TITLE,
  anulado: 'Documento anulado',
  'assinaturas-anuladas': 'As assinaturas deste documento foram anuladas',
  'conteudo-alterado': 'O conteúdo deste documento mudou depois de assinado',
  'em-correcao': 'Documento reaberto para correção',
  'nao-assinado': 'Documento ainda não assinado',
};
export const UNKNOWN_TITLE = 'Código de verificação inexistente.';

function Page({ children }: { children: React.ReactNode }) {
  return (
    <main style={{ minHeight: '100%', background: '#f5f7fa', padding: '24px 12px' }}>
      <Flex vertical gap={16} style={{ maxWidth: 640, margin: '0 auto' }}>
        {children}
      </Flex>
    </main>
  );
}

function CodeForm({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [code, setCode] = useState(initial);
  useEffect(() => setCode(initial), [initial]);
  const submit = () => {
    const c = code.trim();
    if (c) void navigate(`/verificar/${encodeURIComponent(c)}`);
  };
  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        Verificar assinaturas
      </Typography.Title>
      <Typography.Paragraph type="secondary">Digite o código de verificação impresso no documento.</Typography.Paragraph>
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="Código de verificação" htmlFor="codigo-verificacao" style={{ marginBottom: 12 }}>
          <Flex gap={8} wrap>
            <Input
              id="codigo-verificacao"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              style={{ flex: '1 1 200px' }}
            />
            <Button type="primary" htmlType="submit" disabled={!code.trim()}>
              Verificar
            </Button>
          </Flex>
        </Form.Item>
      </Form>
    </Card>
  );
}

function Outcome({ result }: { result: Verification }) {
  return (
    <Card>
      <Result
        status={result.valido ? 'success' : 'error'}
        title={OUTCOME_TITLES[result.situacao] ?? (result.valido ? VALID_TITLE : OUTCOME_TITLES['assinaturas-anuladas'])}
        subTitle={
          <>
            <Typography.Text strong>{result.documento}</Typography.Text>
            {result.mensagem ? <div>{result.mensagem}</div> : null}
          </>
        }
        style={{ padding: '16px 0' }}
      />
      {result.assinaturas.length ? (
        <Flex component="ul" vertical gap={8} style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Assinantes">
          {result.assinaturas.map((s, i) => (
            <Flex component="li" key={i} vertical gap={2} style={{ padding: 12, border: '1px solid #f0f0f0', borderRadius: 8 }}>
              <Flex gap={8} align="center" wrap>
                {/* The role as this document names it (the RIT's inspector), from the API. */}
                <Typography.Text strong>{result.papeis?.[s.papel] ?? roleLabel(s.papel)}</Typography.Text>
                {s.valida ? <Tag color="green">Válida</Tag> : <Tag color="red">Anulada</Tag>}
              </Flex>
              <Typography.Text>{s.nome}</Typography.Text>
              <Typography.Text type="secondary">Assinado em {formatDateTime(s.em)}</Typography.Text>
            </Flex>
          ))}
        </Flex>
      ) : (
        <Typography.Text type="secondary">Nenhuma assinatura registrada.</Typography.Text>
      )}
    </Card>
  );
}

export function VerifyPage(): React.ReactElement {
  const { codigo = '' } = useParams();
  const [outcome, setOutcome] = useState<VerifyOutcome | 'loading' | null>(null);

  useEffect(() => {
    if (!codigo.trim()) {
      setOutcome(null);
      return;
    }
    let live = true;
    setOutcome('loading');
    void verifyCode(codigo.trim()).then((o) => live && setOutcome(o));
    return () => {
      live = false;
    };
  }, [codigo]);

  return (
    <Page>
      <CodeForm initial={codigo} />
      <div aria-live="polite">
        {outcome === 'loading' ? (
          <Loading size="large" label="Verificando o código" style={{ margin: '32px auto' }} />
        ) : outcome?.kind === 'found' ? (
          <Outcome result={outcome.result} />
        ) : outcome?.kind === 'unknown' ? (
          <Card>
            <Result status="warning" title={UNKNOWN_TITLE} subTitle="Confira se o código foi digitado exatamente como aparece no documento." />
          </Card>
        ) : outcome?.kind === 'error' ? (
          <Card>
            <Result status="warning" title="Não foi possível verificar" subTitle={outcome.message} />
          </Card>
        ) : null}
      </div>
    </Page>
  );
}
