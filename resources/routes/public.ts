/** Public routes (no menu, no login): docs/specification.md §2 "Public routes". */
import { defineRoutes } from './define';

const r = defineRoutes('public', '', 'InfoCircleOutlined');

export const PUBLIC_ROUTES = [
  r('', 'Início', { icon: 'HomeOutlined', redirect: '/obras' }),
  r('/acessoFederado', 'Acesso federado', { screen: 'acessoFederado', icon: 'LoginOutlined' }),
  r('/login', 'Entrar', { screen: 'login', icon: 'LoginOutlined' }),
  r('/primeiroLogin', 'Primeiro acesso', { screen: 'primeiroLogin', icon: 'KeyOutlined' }),
  // Not in docs/specification.md §2: the own-login 'forgot password' step (docs/specification.md §5 validation rules).
  r('/esqueciSenha', 'Esqueci minha senha', { screen: 'esqueciSenha', icon: 'KeyOutlined', spec: false }),
  r('/403', 'Sem permissão', { screen: 'forbidden', icon: 'StopOutlined' }),
  r('/404', 'Página não encontrada', { screen: 'notFound', icon: 'QuestionCircleOutlined' }),
  r('/ObraInacessivel', 'Obra inacessível', { screen: 'obraInacessivel', icon: 'LockOutlined' }),
  r('/manutencao', 'Em manutenção', { screen: 'manutencao', icon: 'ToolOutlined' }),
  // Not in docs/specification.md §2: the satisfaction survey link e-mailed when a post-sales ticket is concluded (token = credential).
  r('/pesquisa/:token', 'Pesquisa de satisfação', { screen: 'pesquisa', icon: 'SmileOutlined', spec: false }),
  // Not in docs/specification.md §2: the check of a signed document's code (a signed RDO prints it), typed or followed as a link.
  r('/verificar', 'Verificar assinaturas', { screen: 'verificar', icon: 'SafetyCertificateOutlined', spec: false }),
  r('/verificar/:codigo', 'Verificar assinaturas', { screen: 'verificar', icon: 'SafetyCertificateOutlined', spec: false }),
  // Not in docs/specification.md §2: the ethics channel open to anyone, without an account (issue 40), its follow-up and its poster.
  r('/canal-etica', 'Canal de ética', { screen: 'canalEtica', icon: 'FlagOutlined', spec: false }),
  r('/canal-etica/acompanhar', 'Acompanhar relato', { screen: 'canalEticaAcompanhar', icon: 'FlagOutlined', spec: false }),
  r('/canal-etica/cartaz', 'Cartaz do canal de ética', { screen: 'canalEticaCartaz', icon: 'FlagOutlined', spec: false }),
];
