/**
 * The profile's "Verificação em duas etapas" card (issue 35). Own-login accounts enrol an
 * authenticator app (QR code and the secret, then a 6-digit code to confirm: Amplify's setUpTOTP,
 * verifyTOTPSetup, updateMFAPreference), get ten single-use recovery codes shown once (copy,
 * download), make new ones, and turn it off unless the portal's policy requires it. Staff read that
 * their corporate provider handles it. `?mfa=obrigatorio|recuperacao` says why the app sent them here.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useApiUrl, useCustom, useCustomMutation, useGetIdentity, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Flex, Input, Popconfirm, QRCode, Space, Typography } from 'antd';
import type { AuthIdentity } from '../auth-provider';
import { confirmTotpSetup, groupedSecret, recoveryCodesText, startTotpSetup, type MfaState } from '../mfa';
import { MFA_REASON } from '../mfa-routes';
import { saveBlob } from '../../providers/api-client';
import { hasOwnLogin } from '../session';

const fmtDate = (iso: string | null) => (iso ? new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' }).format(new Date(iso)) : '—');

function RecoveryCodes({ email, codes, onDone }: { email: string; codes: string[]; onDone: () => void }) {
  const text = recoveryCodesText(email, codes);
  const download = () => saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'codigos-recuperacao-portal.txt');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type="warning"
        showIcon
        message="Guarde os seus códigos de recuperação"
        description="Eles aparecem só agora. Cada código vale uma vez e permite entrar se você perder o aplicativo autenticador."
      />
      <ol aria-label="Códigos de recuperação" style={{ columns: '2 10em', fontFamily: 'monospace', fontSize: 16, margin: 0 }}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <Space wrap>
        <Typography.Text copyable={{ text, tooltips: ['Copiar', 'Copiado'] }}>Copiar os códigos</Typography.Text>
        <Button onClick={download}>Baixar (.txt)</Button>
        <Button type="primary" onClick={onDone}>
          Já guardei os códigos
        </Button>
      </Space>
    </Space>
  );
}

function Enrolment({ email, onEnrolled }: { email: string; onEnrolled: () => Promise<void> }) {
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (!setup) {
    return (
      <Space direction="vertical">
        {error && <Alert type="error" showIcon message={error} />}
        <Button type="primary" loading={busy} onClick={() => act(async () => setSetup(await startTotpSetup(email)))}>
          Ativar a verificação em duas etapas
        </Button>
      </Space>
    );
  }
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text>
        1. Abra o aplicativo autenticador (Google Authenticator, Microsoft Authenticator, Authy…) e leia o QR code, ou digite a chave.
      </Typography.Text>
      <Flex wrap gap={16} align="center">
        <QRCode value={setup.uri} size={176} bordered={false} aria-label="QR code para o aplicativo autenticador" />
        <Space direction="vertical" size={2}>
          <Typography.Text type="secondary">Chave (para digitar no aplicativo)</Typography.Text>
          <Typography.Text code copyable={{ text: setup.secret, tooltips: ['Copiar', 'Copiada'] }} data-testid="mfa-secret" style={{ fontSize: 15 }}>
            {groupedSecret(setup.secret)}
          </Typography.Text>
        </Space>
      </Flex>
      <label htmlFor="mfa-code">2. Digite o código de 6 dígitos que o aplicativo mostra:</label>
      {error && <Alert type="error" showIcon message={error} />}
      <Space.Compact style={{ maxWidth: 320 }}>
        <Input
          id="mfa-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={() => act(async () => (await confirmTotpSetup(code), await onEnrolled()))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="000000"
        />
        <Button type="primary" loading={busy} onClick={() => act(async () => (await confirmTotpSetup(code), await onEnrolled()))}>
          Confirmar
        </Button>
      </Space.Compact>
    </Space>
  );
}

export function DuasEtapasCard() {
  const { data: identity } = useGetIdentity<AuthIdentity>();
  const [params] = useSearchParams();
  const apiUrl = useApiUrl();
  const ownLogin = hasOwnLogin(identity?.tipo);
  const { query, result } = useCustom<MfaState, HttpError>({
    url: `${apiUrl}/mfa`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ['mfa'], enabled: ownLogin },
  });
  const { mutateAsync } = useCustomMutation<{ codigos?: string[] }, HttpError>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const state = result?.data as MfaState | undefined;
  const reason = params.get('mfa');
  // Sent here to enrol (required, or after a recovery code): the card in view, whatever the screen's height.
  const loaded = !!state;
  useEffect(() => {
    if (reason && loaded) document.getElementById('verificacao-duas-etapas')?.scrollIntoView?.({ block: 'start' });
  }, [reason, loaded]);

  if (!identity) return null;
  if (!ownLogin) {
    return (
      <Card size="small" title="Verificação em duas etapas">
        <Typography.Text>A sua conta entra pela conta corporativa: a verificação em duas etapas é feita pelo provedor corporativo.</Typography.Text>
      </Card>
    );
  }
  const call = async (method: 'post' | 'delete', path: string) => {
    setBusy(true);
    setError(null);
    try {
      const r = await mutateAsync({ url: `${apiUrl}/mfa/${path}`, method, values: {}, successNotification: false, errorNotification: false });
      if (r.data.codigos) setCodes(r.data.codigos);
      await query.refetch();
    } catch (e) {
      setError((e as HttpError).message);
    } finally {
      setBusy(false);
    }
  };
  const mustEnrol = !!state?.obrigatorio && !(state.ativo && state.registrado);
  return (
    <Card size="small" title="Verificação em duas etapas" id="verificacao-duas-etapas">
      <Space direction="vertical" style={{ width: '100%' }}>
        {reason === MFA_REASON.recuperacao && (
          <Alert
            type="info"
            showIcon
            message="Você entrou com um código de recuperação. A verificação em duas etapas foi desativada: cadastre o aplicativo autenticador de novo."
          />
        )}
        {mustEnrol && (
          <Alert
            type="warning"
            showIcon
            message="A verificação em duas etapas é obrigatória para a sua conta"
            description="Cadastre um aplicativo autenticador para continuar usando o portal. A cada login, além da senha, o portal pedirá o código de 6 dígitos do aplicativo."
          />
        )}
        {error && <Alert type="error" showIcon message={error} />}
        {codes ? (
          <RecoveryCodes email={identity.email} codes={codes} onDone={() => setCodes(null)} />
        ) : !state ? (
          query.isError ? (
            <Alert type="error" showIcon message={query.error?.message ?? 'Não foi possível ler a verificação em duas etapas.'} />
          ) : null
        ) : state.ativo && state.registrado ? (
          <>
            <Typography.Text>
              Ativa desde {fmtDate(state.ativadoEm)}: ao entrar, o portal pede o código do aplicativo autenticador. Códigos de recuperação restantes:{' '}
              <strong>{state.codigosRestantes}</strong>.
            </Typography.Text>
            <Space wrap>
              <Popconfirm
                title="Gerar novos códigos? Os atuais deixam de valer."
                okText="Gerar"
                cancelText="Cancelar"
                onConfirm={() => call('post', 'codigos')}
              >
                <Button loading={busy}>Gerar novos códigos de recuperação</Button>
              </Popconfirm>
              {state.obrigatorio ? (
                <Typography.Text type="secondary">Obrigatória para a sua conta: não pode ser desativada.</Typography.Text>
              ) : (
                <Popconfirm
                  title="Desativar a verificação em duas etapas?"
                  okText="Desativar"
                  cancelText="Cancelar"
                  onConfirm={() => call('delete', 'ativacao')}
                >
                  <Button danger loading={busy}>
                    Desativar
                  </Button>
                </Popconfirm>
              )}
            </Space>
          </>
        ) : state.ativo ? (
          <Space direction="vertical">
            <Typography.Text>O aplicativo autenticador está confirmado; falta gerar os códigos de recuperação.</Typography.Text>
            <Button type="primary" loading={busy} onClick={() => call('post', 'ativacao')}>
              Gerar os códigos de recuperação
            </Button>
          </Space>
        ) : (
          <>
            <Typography.Text>Além da senha, o portal pedirá a cada login um código de 6 dígitos de um aplicativo autenticador no seu celular.</Typography.Text>
            <Enrolment email={identity.email} onEnrolled={() => call('post', 'ativacao')} />
          </>
        )}
      </Space>
    </Card>
  );
}
