/**
 * The public routes' paths (docs/specification.md §2 "Public routes"): the list the entry renders
 * (public-routes.tsx, with their screens) and whether a path is one of them (the root frame's help
 * banner, root/root-frame.tsx), without the screens themselves.
 */
import { matchPath } from 'react-router';

export interface PublicRoute {
  /** As in the route table ('/' for the empty path). */
  path: string;
  title: string;
  screen?: string;
  redirect?: string;
}

export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/', title: 'Início', redirect: '/obras' },
  { path: '/acessoFederado', title: 'Acesso federado', screen: 'acessoFederado' },
  { path: '/login', title: 'Entrar', screen: 'login' },
  { path: '/primeiroLogin', title: 'Primeiro acesso', screen: 'primeiroLogin' },
  { path: '/esqueciSenha', title: 'Esqueci minha senha', screen: 'esqueciSenha' },
  { path: '/403', title: 'Sem permissão', screen: 'forbidden' },
  { path: '/404', title: 'Página não encontrada', screen: 'notFound' },
  { path: '/ObraInacessivel', title: 'Obra inacessível', screen: 'obraInacessivel' },
  { path: '/manutencao', title: 'Em manutenção', screen: 'manutencao' },
  { path: '/pesquisa/:token', title: 'Pesquisa de satisfação', screen: 'pesquisa' },
  { path: '/verificar', title: 'Verificar assinaturas', screen: 'verificar' },
  { path: '/verificar/:codigo', title: 'Verificar assinaturas', screen: 'verificar' },
  { path: '/canal-etica', title: 'Canal de ética', screen: 'canalEtica' },
  { path: '/canal-etica/acompanhar', title: 'Acompanhar relato', screen: 'canalEticaAcompanhar' },
  { path: '/canal-etica/cartaz', title: 'Cartaz do canal de ética', screen: 'canalEticaCartaz' },
];

/**
 * Whether a path is one of the public pages (sign-in, the survey link, status pages): pages for
 * anyone, where the staff's help banner has no place.
 */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_ROUTES.some((r) => r.redirect === undefined && matchPath({ path: r.path, end: true }, pathname) !== null);
}
