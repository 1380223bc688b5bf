/**
 * Entry point: antd for React 19, pt-BR locale and theme (reduced motion respected), the start-up session check, then the
 * shell (root frame + router). Only the public pages' code loads here; the signed-in app (Refine,
 * layouts, screens) and Amplify are lazy chunks. Amplify is fetched right after the first paint on
 * the pages where a sign-in happens (SIGN_IN_PATHS); elsewhere only when a token must be refreshed
 * or the person signs out (src/app/auth/lazy-amplify.ts).
 */
import '@ant-design/v5-patch-for-react-19';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { loadAuth, prepareAuth } from './auth/auth-actions';
import { afterFirstPaint } from './root/fonts';
import './root/font-fallback.css';
import { checkStoredVersion } from './root/version-check';
import { registerServiceWorker } from './pwa/register';
import { startEarlySheet } from './modules/plantas/early-sheet';
import { watchInstallPrompt } from './pwa/pwa-store';
import { Shell } from './shell';
import { Themed } from './themed';

dayjs.locale('pt-br');
/** The public pages where a sign-in runs: Amplify is fetched as soon as they are painted. */
const SIGN_IN_PATHS = ['/login', '/primeiroLogin', '/esqueciSenha', '/acessoFederado'];
// The browser's install offer can come before the first paint.
watchInstallPrompt();

async function start(): Promise<void> {
  // Spec §4 "Session": compare the stored app version (clears everything when it changed) and
  // refresh an expired session before the first render reads local storage (only then is the
  // auth chunk needed before the first render).
  await checkStoredVersion(async (user) => {
    await prepareAuth();
    return (await loadAuth()).authProvider.refresh(user);
  }).catch((err) => console.error(err));
  // A plan sheet's address: the sheet kept on the device is read while the app loads (issue 42).
  startEarlySheet();
  const container = document.getElementById('app');
  if (!container) throw new Error('Elemento #app não encontrado.');
  const root = createRoot(container);
  // The first render in slices (a transition), not one long task: the theme's tokens, the frame and
  // the first screen (issue 36: the RDO list as the administrator blocked the main thread for 0.5 s).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Themed>
          <Shell />
        </Themed>
      </StrictMode>,
    ),
  );
  if (SIGN_IN_PATHS.includes(window.location.pathname)) afterFirstPaint(() => void prepareAuth());
  // The service worker (issue 26: installable, starts offline after one visit).
  afterFirstPaint(() => void registerServiceWorker().catch((err) => console.error(err)));
}

void start();
