/** Error and status pages of docs/specification.md §8: /403, /404, /ObraInacessivel, /manutencao (antd Result, pt-BR). */
import type { ReactNode } from 'react';
import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';

function StatusPage({
  status,
  title,
  subTitle,
  extra,
}: {
  status: '403' | '404' | '500' | 'warning' | 'info';
  title: string;
  subTitle: string;
  extra?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '80vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status={status}
        title={title}
        subTitle={subTitle}
        extra={
          <Space wrap>
            <Button onClick={() => navigate(-1)}>Voltar</Button>
            <Button type="primary" onClick={() => navigate('/obras')}>
              Ir para o início
            </Button>
            {extra}
          </Space>
        }
      />
    </div>
  );
}

export function ForbiddenPage() {
  return <StatusPage status="403" title="Sem permissão" subTitle="Você não tem permissão para acessar esta página." />;
}

export function NotFoundPage() {
  return <StatusPage status="404" title="Página não encontrada" subTitle="Desculpe, a página que você procura não existe." />;
}

export function ObraInacessivelPage() {
  return (
    <StatusPage
      status="warning"
      title="Obra inacessível"
      subTitle="A obra não existe ou você não tem acesso a ela. Selecione outra obra ou peça acesso ao responsável."
    />
  );
}

/** /manutencao: the module or portal in maintenance, its message and expected end (issue 40). */
export { ManutencaoPage } from './maintenance-page';
