/**
 * /manutencao (docs/specification.md §2; issue 40): where the guard sends people from a module, or the
 * whole portal, that administrators put in maintenance (`?escopo=rdo`). It shows the module, the
 * administrators' message and the expected end in Brazilian format, reads the switch again every
 * minute and on "Verificar novamente", and says so once the maintenance is over. Public: no session
 * needed (`GET /api/v1/manutencao`).
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Result, Space, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PORTAL_SCOPE, maintenanceEndText as endText, scopeLabel, type ActiveMaintenance } from '../../../resources/maintenance';

type Loaded = { state: 'loading' } | { state: 'ready'; active: ActiveMaintenance[] } | { state: 'unreachable' };

export function ManutencaoPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const escopo = search.get('escopo') ?? undefined;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [checking, setChecking] = useState(false);

  const load = useCallback(async () => {
    setChecking(true);
    try {
      const res = await fetch(`${window.location.origin}/api/v1/manutencao`, { headers: { accept: 'application/json' } });
      const body = res.ok ? ((await res.json()) as { ativas?: ActiveMaintenance[] }) : undefined;
      setLoaded(body && Array.isArray(body.ativas) ? { state: 'ready', active: body.ativas } : { state: 'unreachable' });
    } catch {
      setLoaded({ state: 'unreachable' });
    } finally {
      setChecking(false);
    }
  }, []);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), 60_000);
    return () => clearInterval(timer);
  }, [load]);

  const active = loaded.state === 'ready' ? loaded.active : [];
  const current =
    (escopo ? active.find((a) => a.escopo === escopo) : undefined) ?? active.find((a) => a.escopo === PORTAL_SCOPE) ?? (escopo ? undefined : active[0]);
  const over = loaded.state === 'ready' && !current;
  const what = current ? (current.escopo === PORTAL_SCOPE ? 'O portal' : current.rotulo) : escopo ? scopeLabel(escopo) : undefined;
  const late = current ? Date.parse(current.fimPrevisto) < Date.now() : false;

  const title = over ? 'Manutenção encerrada' : what && what !== 'O portal' ? `${what} em manutenção` : 'Em manutenção';
  const subTitle = over
    ? `A manutenção${what && what !== 'O portal' ? ` de ${what}` : ''} terminou: já é possível usar ${what === 'O portal' ? 'o portal' : 'esta área'} novamente.`
    : current
      ? current.escopo === PORTAL_SCOPE
        ? 'O portal está em manutenção. Tente novamente depois do horário previsto.'
        : 'Esta área está em manutenção. As outras áreas do portal continuam disponíveis.'
      : 'Esta área está em manutenção. Tente novamente mais tarde.';

  return (
    <main style={{ minHeight: '80vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '24px 12px' }}>
      <Result
        status={over ? 'success' : 'info'}
        title={<h1 style={{ fontSize: 'inherit', margin: 0, fontWeight: 'inherit' }}>{title}</h1>}
        subTitle={subTitle}
        extra={
          <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 560, textAlign: 'left' }}>
            {current ? (
              <div data-testid="manutencao-aviso">
                <Alert
                  type={late ? 'warning' : 'info'}
                  showIcon
                  role="status"
                  message={current.mensagem}
                  description={
                    <>
                      <Typography.Text strong>Previsão de término:</Typography.Text> {endText(current.fimPrevisto)}
                      {late ? <div>A previsão já passou e a manutenção ainda não foi encerrada. Tente novamente em alguns minutos.</div> : null}
                    </>
                  }
                />
              </div>
            ) : null}
            {loaded.state === 'unreachable' ? (
              <Alert type="warning" showIcon message="Não foi possível consultar a manutenção agora. Verifique sua conexão e tente novamente." />
            ) : null}
            <Space wrap style={{ justifyContent: 'center', width: '100%' }}>
              <Button onClick={() => navigate(-1)}>Voltar</Button>
              <Button disabled={checking} onClick={() => void load()}>
                Verificar novamente
              </Button>
              <Button type="primary" onClick={() => navigate('/obras')}>
                Ir para o início
              </Button>
            </Space>
          </Space>
        }
      />
    </main>
  );
}
