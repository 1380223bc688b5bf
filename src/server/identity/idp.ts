/**
 * Stand-in for the hosted sign-in of the user pool with the corporate identity provider.
 * Served over HTTPS (Amplify builds `https://<domain>/oauth2/...`). Staff accounts live in the
 * emulator's pool as federated users; the form signs them in AT THE EMULATOR and the code flow
 * hands over the emulator's own tokens (one issuer; nothing here signs tokens).
 *
 * Endpoints: GET/POST /oauth2/authorize, POST /oauth2/token, GET /logout, GET /oauth2/userInfo.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Emulator } from './emulator';
import { CognitoCallError } from './emulator';
import { federatedGroupName } from './seed';
import { createSignInThrottle, throttleMessage, type SignInThrottle } from './throttle';

const CODE_TTL_MS = 5 * 60 * 1000;

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  expiresAt: number;
  tokens: { AccessToken: string; IdToken: string; RefreshToken: string; ExpiresIn?: number };
}

interface AuthorizeParams {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  code_challenge: string;
  code_challenge_method: string;
  state: string;
  scope: string;
  identity_provider: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title>
<style>
body{font-family:Roboto,Arial,sans-serif;background:#f4f0fa;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.12);padding:32px;width:360px;max-width:92vw}
h1{font-size:20px;color:#6305c6;margin:0 0 8px}p{color:#444;font-size:14px}
label{display:block;font-size:14px;margin:16px 0 4px;color:#333}
input[type=email],input[type=password]{width:100%;box-sizing:border-box;padding:8px 10px;border:1px solid #bbb;border-radius:4px;font-size:15px}
button{margin-top:24px;width:100%;padding:10px;border:0;border-radius:4px;background:#6305c6;color:#fff;font-size:15px;cursor:pointer}
.erro{background:#fff1f0;border:1px solid #ffa39e;color:#a8071a;padding:8px 10px;border-radius:4px;font-size:14px}
small{color:#777}
</style></head><body><main>${body}</main></body></html>`;
}

function loginForm(p: AuthorizeParams, error?: string, email = ''): string {
  const hidden = (Object.keys(p) as (keyof AuthorizeParams)[]).map((k) => `<input type="hidden" name="${k}" value="${esc(p[k] ?? '')}">`).join('');
  return page(
    'Entrar com a conta corporativa',
    `<h1>Entrar com a conta corporativa</h1>
<p>Utilize o e-mail e a senha da sua conta da empresa.</p>
${error ? `<div class="erro" role="alert">${esc(error)}</div>` : ''}
<form method="post" action="/oauth2/authorize">${hidden}
<label for="username">E-mail corporativo</label>
<input id="username" name="username" type="email" autocomplete="username" required value="${esc(email)}">
<label for="password">Senha</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Entrar</button>
</form>
<p><small>Fornecedor de identidade corporativo (ambiente local).</small></p>`,
  );
}

/** The sign-in pages are never framed (clickjacking of the password form) nor sniffed. */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

function errorPage(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, PAGE_HEADERS);
  res.end(page('Erro de autenticação', `<h1>Não foi possível iniciar a sessão</h1><div class="erro">${esc(message)}</div>`));
}

function cors(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('access-control-allow-origin', String(req.headers.origin ?? '*'));
  res.setHeader('vary', 'Origin');
  res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
  res.setHeader('access-control-allow-headers', String(req.headers['access-control-request-headers'] ?? 'content-type, authorization, x-amz-user-agent'));
  res.setHeader('access-control-max-age', '600');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function oauthError(res: ServerResponse, error: string, description: string, status = 400) {
  json(res, status, { error, error_description: description, error_message: description });
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createIdp(emu: Emulator, getPool: () => { userPoolId: string }, opts: { throttle?: SignInThrottle } = {}) {
  const throttle = opts.throttle ?? createSignInThrottle();
  const codes = new Map<string, PendingCode>();
  const ctx = { logger: { child: () => ctx.logger, debug() {}, info() {}, warn() {}, error() {} } } as any;

  async function appClient(clientId: string) {
    if (!clientId) return null;
    try {
      const c = await emu.services.cognito.getAppClient(ctx, clientId);
      return c && c.UserPoolId === getPool().userPoolId ? c : null;
    } catch {
      return null;
    }
  }

  function params(src: URLSearchParams): AuthorizeParams {
    const g = (k: string) => src.get(k) ?? '';
    return {
      client_id: g('client_id'),
      redirect_uri: g('redirect_uri'),
      response_type: g('response_type'),
      code_challenge: g('code_challenge'),
      code_challenge_method: g('code_challenge_method'),
      state: g('state'),
      scope: g('scope'),
      identity_provider: g('identity_provider'),
    };
  }

  /** Validates the authorize request; returns an error text (pt-BR) or null. */
  async function invalid(p: AuthorizeParams): Promise<string | null> {
    const client = await appClient(p.client_id);
    if (!client) return 'Aplicação desconhecida (client_id inválido).';
    if (!p.redirect_uri || !(client.CallbackURLs ?? []).includes(p.redirect_uri)) {
      // Usually the portal was opened by another address than its own (127.0.0.1, a LAN address).
      const registered = (client.CallbackURLs ?? [])[0];
      let used = p.redirect_uri;
      try {
        used = new URL(p.redirect_uri).origin;
      } catch {
        /* shown as given */
      }
      return registered
        ? `O endereço usado (${used}) não está autorizado para o login corporativo. Use ${new URL(registered).origin}.`
        : 'O endereço de retorno (redirect_uri) não está registrado para esta aplicação.';
    }
    if (p.response_type !== 'code') return 'Só é suportado o fluxo de código (response_type=code).';
    if (!p.code_challenge || p.code_challenge_method !== 'S256') {
      return 'É obrigatório PKCE com code_challenge_method=S256.';
    }
    if (!p.state) return 'Falta o parâmetro state.';
    return null;
  }

  function purge() {
    const now = Date.now();
    for (const [k, v] of codes) if (v.expiresAt < now) codes.delete(k);
  }

  async function authorizePost(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    const p = params(form);
    const bad = await invalid(p);
    if (bad) return errorPage(res, 400, bad);
    const email = (form.get('username') ?? '').trim();
    const password = form.get('password') ?? '';
    const retry = (msg: string, status = 200) => {
      res.writeHead(status, PAGE_HEADERS);
      res.end(loginForm(p, msg, email));
    };
    if (!email || !password) return retry('Indique o e-mail e a senha.');
    const address = req.socket?.remoteAddress ?? '';
    const wait = await throttle.retryAfter(email, address);
    if (wait) {
      res.setHeader('retry-after', String(Math.ceil(wait / 1000)));
      return retry(throttleMessage(wait), 429);
    }
    const wrong = async (reason: 'conta_desconhecida' | 'senha_incorreta' | 'conta_inativa') => {
      await throttle.fail(email, address, reason);
      return retry('E-mail ou senha incorretos.');
    };
    const { userPoolId } = getPool();
    // Only federated (staff) accounts sign in here.
    let groups: string[] = [];
    try {
      const g = await emu.call<{ Groups?: { GroupName: string }[] }>('AdminListGroupsForUser', {
        UserPoolId: userPoolId,
        Username: email,
      });
      groups = (g.Groups ?? []).map((x) => x.GroupName);
    } catch {
      return wrong('conta_desconhecida');
    }
    if (!groups.includes(federatedGroupName(userPoolId))) {
      throttle.refused(email, address, 'nao_corporativa');
      return retry('Esta conta não é uma conta corporativa. Clientes entram pela página de login do portal.');
    }
    let result: any;
    try {
      result = await emu.call('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: p.client_id,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      });
    } catch (e) {
      const code = e instanceof CognitoCallError ? e.code : '';
      if (code === 'NotAuthorizedException' || code === 'InvalidPasswordException' || code === 'UserNotFoundException') {
        const disabled = /disabled/i.test((e as Error).message);
        return wrong(code === 'UserNotFoundException' ? 'conta_desconhecida' : disabled ? 'conta_inativa' : 'senha_incorreta');
      }
      return retry('Não foi possível validar as credenciais. Tente novamente.');
    }
    if (!result?.AuthenticationResult) {
      return retry('A conta precisa de ser regularizada junto do suporte de TI (desafio de autenticação pendente).');
    }
    await throttle.succeed(email);
    purge();
    const code = randomBytes(32).toString('base64url');
    codes.set(code, {
      clientId: p.client_id,
      redirectUri: p.redirect_uri,
      codeChallenge: p.code_challenge,
      expiresAt: Date.now() + CODE_TTL_MS,
      tokens: result.AuthenticationResult,
    });
    const to = new URL(p.redirect_uri);
    to.searchParams.set('code', code);
    to.searchParams.set('state', p.state);
    res.writeHead(302, { location: to.toString(), 'cache-control': 'no-store' });
    res.end();
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    const grant = form.get('grant_type');
    const clientId = form.get('client_id') ?? '';
    if (!(await appClient(clientId))) return oauthError(res, 'invalid_client', 'Unknown client', 401);
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      const verifier = form.get('code_verifier') ?? '';
      const stored = codes.get(code);
      codes.delete(code); // one-time
      if (!stored || stored.expiresAt < Date.now()) return oauthError(res, 'invalid_grant', 'Authorization code expired or invalid');
      if (stored.clientId !== clientId) return oauthError(res, 'invalid_grant', 'client_id mismatch');
      if (stored.redirectUri !== (form.get('redirect_uri') ?? '')) return oauthError(res, 'invalid_grant', 'redirect_uri mismatch');
      if (!verifier || !sameString(s256(verifier), stored.codeChallenge)) {
        return oauthError(res, 'invalid_grant', 'code_verifier does not match code_challenge');
      }
      const t = stored.tokens;
      return json(res, 200, {
        access_token: t.AccessToken,
        id_token: t.IdToken,
        refresh_token: t.RefreshToken,
        token_type: 'Bearer',
        expires_in: t.ExpiresIn ?? 3600,
      });
    }
    if (grant === 'refresh_token') {
      const refreshToken = form.get('refresh_token') ?? '';
      try {
        const out = await emu.call<any>('InitiateAuth', {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: clientId,
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        });
        return json(res, 200, {
          access_token: out.AuthenticationResult.AccessToken,
          id_token: out.AuthenticationResult.IdToken,
          token_type: 'Bearer',
          expires_in: 3600,
        });
      } catch {
        return oauthError(res, 'invalid_grant', 'Invalid refresh token');
      }
    }
    return oauthError(res, 'unsupported_grant_type', `Unsupported grant_type: ${grant}`);
  }

  async function logout(url: URL, res: ServerResponse) {
    const client = await appClient(url.searchParams.get('client_id') ?? '');
    if (!client) return errorPage(res, 400, 'Aplicação desconhecida (client_id inválido).');
    const logoutUri = url.searchParams.get('logout_uri');
    if (logoutUri) {
      if (!(client.LogoutURLs ?? []).includes(logoutUri)) {
        return errorPage(res, 400, 'O endereço de saída (logout_uri) não está registrado para esta aplicação.');
      }
      res.writeHead(302, { location: logoutUri, 'cache-control': 'no-store' });
      res.end();
      return;
    }
    // Cognito also accepts redirect_uri + response_type: sign out, then sign in again.
    const again = new URL('/oauth2/authorize', url);
    for (const [k, v] of url.searchParams) again.searchParams.set(k, v);
    res.writeHead(302, { location: again.pathname + again.search });
    res.end();
  }

  async function userInfo(req: IncomingMessage, res: ServerResponse) {
    const auth = String(req.headers.authorization ?? '');
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    try {
      const u = await emu.call<{ Username: string; UserAttributes: { Name: string; Value: string }[] }>('GetUser', {
        AccessToken: token,
      });
      const out: Record<string, unknown> = { username: u.Username };
      for (const a of u.UserAttributes ?? []) out[a.Name] = a.Value;
      return json(res, 200, out);
    } catch {
      res.setHeader('www-authenticate', 'Bearer error="invalid_token"');
      return oauthError(res, 'invalid_token', 'Access token is invalid', 401);
    }
  }

  return async function idp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'https://idp.local');
      const route = url.pathname.replace(/\/+$/, '') || '/';
      const isApi = route === '/oauth2/token' || route === '/oauth2/userInfo';
      if (isApi) cors(req, res);
      if (req.method === 'OPTIONS' && isApi) {
        res.writeHead(204);
        res.end();
        return;
      }
      if (route === '/oauth2/authorize' && req.method === 'GET') {
        const p = params(url.searchParams);
        const bad = await invalid(p);
        if (bad) return errorPage(res, 400, bad);
        res.writeHead(200, PAGE_HEADERS);
        res.end(loginForm(p));
        return;
      }
      if (route === '/oauth2/authorize' && req.method === 'POST') return await authorizePost(req, res);
      if (route === '/oauth2/token' && req.method === 'POST') return await token(req, res);
      if (route === '/logout' && req.method === 'GET') return await logout(url, res);
      if (route === '/oauth2/userInfo' && req.method === 'GET') return await userInfo(req, res);
      if (route === '/health') {
        json(res, 200, { ok: true });
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Não encontrado');
    } catch (e) {
      if (!res.headersSent) oauthError(res, 'server_error', (e as Error).message, 500);
      else res.end();
    }
  };
}
