/** Entry point: antd for React 19, pt-BR locale and theme, Amplify configured before the first render. */
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App as AntdApp, ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { App } from './App';
import { ensureAmplify } from './auth/amplify';
import { checkStoredVersion } from './root/version-check';
import { authProvider } from './auth/auth-provider';
import { theme } from './theme';

dayjs.locale('pt-br');

async function start(): Promise<void> {
  try {
    await ensureAmplify();
  } catch (err) {
    // The own login still shows its error; the app renders either way.
    console.error('Não foi possível carregar a configuração de autenticação.', err);
  }
  // Spec §4 "Session": compare the stored app version (clears everything when it changed) and
  // refresh an expired session before the first render reads local storage.
  await checkStoredVersion((user) => authProvider.refresh(user)).catch((err) => console.error(err));
  const container = document.getElementById('app');
  if (!container) throw new Error('Elemento #app não encontrado.');
  createRoot(container).render(
    <StrictMode>
      <ConfigProvider locale={ptBR} theme={theme}>
        <AntdApp>
          <App />
        </AntdApp>
      </ConfigProvider>
    </StrictMode>,
  );
}

void start();
