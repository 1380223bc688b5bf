import { useEffect } from 'react';
import { Button, Result } from 'antd';

/** Access could not be checked without network: said as such (not "Sem permissão"), tried again when the network returns. */
export function OfflineCheck({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <Result
      status="warning"
      title="Sem conexão"
      subTitle="Não foi possível confirmar o seu acesso a esta página sem rede. Ela abre assim que a conexão voltar."
      extra={
        <Button type="primary" onClick={onRetry}>
          Tentar de novo
        </Button>
      }
    />
  );
}
