/**
 * Auth pages (pt-BR, antd). Default exports of the page modules suit React.lazy:
 *   const LoginPage = lazy(() => import('./auth/pages/login-page'));
 * This index re-exports them (eager) for convenience.
 */
export { default as LoginPage } from './login-page';
export { default as PrimeiroLoginPage } from './primeiro-login-page';
export { default as AcessoFederadoPage } from './acesso-federado-page';
export { default as EsqueciSenhaPage } from './esqueci-senha-page';
export { default as PerfilPage } from './perfil-page';
export { PasswordRulesList, NewPasswordFields } from './password-fields';
