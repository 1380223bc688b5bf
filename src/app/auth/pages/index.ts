/**
 * Auth pages (pt-BR, antd). Default exports of the page modules suit React.lazy:
 *   const LoginPage = lazy(() => import('./auth/pages/LoginPage'));
 * This index re-exports them (eager) for convenience.
 */
export { default as LoginPage } from './LoginPage';
export { default as PrimeiroLoginPage } from './PrimeiroLoginPage';
export { default as AcessoFederadoPage } from './AcessoFederadoPage';
export { default as EsqueciSenhaPage } from './EsqueciSenhaPage';
export { default as PerfilPage } from './PerfilPage';
export { PasswordRulesList, NewPasswordFields } from './PasswordFields';
