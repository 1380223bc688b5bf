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
import { theme } from './theme';

dayjs.locale('pt-br');

async function start(): Promise<void> {
  // Spec §4 "Session": compare the stored app version before anything reads local storage.
  checkStoredVersion();
  try {
    await ensureAmplify();
  } catch (err) {
    // The own login still shows its error; the app renders either way.
    console.error('Não foi possível carregar a configuração de autenticação.', err);
  }
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
