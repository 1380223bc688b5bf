/**
 * People of a site (`/api/v1/obras/:obra/usuarios`, `/api/v1/fabricacao/:obra/usuarios`) against
 * the real local identity stack: the API adds and removes people through the local user pool
 * (emulator adapter), queues the invitation, and the invited client signs in with the e-mailed
 * temporary password. Tokens are the pool's own ID tokens (verified like in production) or the
 * test tokens of mocks/test-app.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { decodeJwt } from 'jose';
import { createTestApi, type TestApi } from '../../mocks/test-app';
import { BACKENDS } from './backends';
import { CNPJ } from '../../src/server/seed/demo-empresas';
import { startTestStack, staffSignIn, type TestStack } from '../../src/server/identity/test-helpers';
import { DEMO_PASSWORD } from '../../src/server/identity/seed';
import { createTokenVerifier } from '../../src/server/auth/verify';
import { authenticateWith } from '../../src/server/auth/middleware';
import { localIdentityAdmin, temporaryPassword, parseListAttribute } from '../../src/server/site-users/identity-admin';
import { cognitoIdentityAdmin } from '../../src/server/site-users/cognito-sdk';
import { passwordPolicyViolation } from '../../src/server/identity/password-policy';
import { drainMail } from '../../src/server/mail/mailer';
import { createMailTransport } from '../../src/server/mail/transport';
import { forgetDirectoryAccess } from '../../src/server/site-users/directory';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A quoted-printable body, decoded (soft line breaks removed). */
const decodeQp = (v: string) =>
  Buffer.from(
    v.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

describe.each(BACKENDS)('people of a site (%s)', (backend) => {
  let stack: TestStack;
  let api: TestApi;
  let mailDir: string;

  beforeAll(async () => {
    stack = await startTestStack();
    api = await createTestApi({
      databaseUrl: backend === 'pglite' ? null : process.env.TEST_DATABASE_URL,
      identityAdmin: localIdentityAdmin(stack.emulator!, stack.config.userPoolId),
      authenticate: authenticateWith(createTokenVerifier(stack.config)),
    });
    mailDir = mkdtempSync(join(tmpdir(), 'portal-site-users-'));
  });
  afterAll(async () => {
    await api?.close();
    await stack?.dispose();
    if (mailDir) rmSync(mailDir, { recursive: true, force: true });
  });

  const call = async (method: string, path: string, opts: { as?: string | null; token?: string; json?: unknown } = {}) => {
    const headers: Record<string, string> = opts.token ? { authorization: `Bearer ${opts.token}` } : {};
    const res = await api.request(path, { method, as: opts.token ? null : (opts.as ?? 'admin@portal.local'), headers, json: opts.json });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Json) : null };
  };
  const get = (path: string, as?: string) => call('GET', path, { as });
  const post = (path: string, json: unknown, as?: string) => call('POST', path, { as, json });
  const del = (path: string, as?: string) => call('DELETE', path, { as });
  const me = async (opts: { as?: string; token?: string }) => (await call('GET', '/api/v1/me', opts)).body.user;

  /** The pool user's attributes, as the emulator keeps them. */
  const poolUser = async (email: string) => {
    const u = await stack.emulator!.call<{ UserStatus: string; UserAttributes: { Name: string; Value: string }[] }>('AdminGetUser', {
      UserPoolId: stack.config.userPoolId,
      Username: email,
    });
    return { status: u.UserStatus, attr: Object.fromEntries(u.UserAttributes.map((a) => [a.Name, a.Value])) };
  };
  const signIn = (USERNAME: string, PASSWORD: string) =>
    stack.cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.config.userPoolClientId, AuthParameters: { USERNAME, PASSWORD } });
  const mails = async (to: string) =>
    (
      await sql<{ assunto: string; texto: string; referencia: string }>`select assunto, texto, referencia from mensagem where para ? ${to} order by id`.execute(
        api.db,
      )
    ).rows;

  const NEW_CLIENT = `nova.cliente.${backend}@santaclara.com.br`;

  it('the admin adds a new client to site 103; the client signs in with the e-mailed password and sees the site', async () => {
    const r = await post('/api/v1/obras/103/usuarios', {
      email: NEW_CLIENT.toUpperCase(),
      nome: 'Nádia Santa Clara',
      roles: ['cliente', 'projetista', 'aprovador'],
      empresa: 'Energética Santa Clara S.A.',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      criado: true,
      jaTinhaAcesso: false,
      pessoa: {
        email: NEW_CLIENT,
        nome: 'Nádia Santa Clara',
        tipo: 'cliente',
        roles: ['cliente', 'projetista', 'aprovador'],
        conta: true,
        convitePendente: true,
      },
    });

    // The pool user, with the attributes the tokens will carry.
    const u = await poolUser(NEW_CLIENT);
    expect(u.status).toBe('FORCE_CHANGE_PASSWORD');
    expect(u.attr).toMatchObject({
      email: NEW_CLIENT,
      email_verified: 'true',
      name: 'Nádia Santa Clara',
      'custom:obra': '["103"]',
      'custom:roles': '["cliente","projetista","aprovador"]',
      'custom:empresa': '["Energética Santa Clara S.A."]',
    });
    // Cognito's own message was suppressed: the portal sends the invitation.
    expect(stack.emulator!.outbox.filter((m) => m.destination === NEW_CLIENT)).toEqual([]);

    // The invitation, queued: portal address, e-mail and the temporary password (pt-BR).
    const [invite] = await mails(NEW_CLIENT);
    expect(invite.assunto).toBe('[Portal] Seu acesso ao Portal: obra 103');
    expect(invite.texto).toContain('Olá, Nádia Santa Clara,');
    expect(invite.texto).toContain('na obra 103 – Subestação 138 kV Usina Santa Clara');
    expect(invite.texto).toContain('/login');
    expect(invite.texto).toContain(`Informe o e-mail: ${NEW_CLIENT}`);
    const queuedPassword = /senha temporária: (\S+)/.exec(invite.texto)![1];
    expect(passwordPolicyViolation(queuedPassword)).toBeNull();

    // Locally the message leaves as an .eml file under DATA_DIR/mail; the password is read from it.
    expect((await drainMail(api.db, createMailTransport({ dataDir: mailDir }))).failed).toBe(0);
    const emls = readdirSync(join(mailDir, 'mail')).map((f) => readFileSync(join(mailDir, 'mail', f), 'utf8'));
    const eml = emls.find((e) => e.includes(`To: ${NEW_CLIENT}`))!;
    const body = decodeQp(eml.slice(eml.indexOf('\n\n') + 2));
    const password = /senha temporária: (\S+)/.exec(body)![1];
    expect(password).toBe(queuedPassword);

    // Signing in with it leads to the new-password step; then the client is in.
    const first = await signIn(NEW_CLIENT, password);
    expect(first.status).toBe(200);
    expect(first.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const done = await stack.cognito('RespondToAuthChallenge', {
      ClientId: stack.config.userPoolClientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: first.body.Session,
      ChallengeResponses: { USERNAME: NEW_CLIENT, NEW_PASSWORD: 'Minha#Senha2026' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const token = done.body.AuthenticationResult.IdToken as string;
    expect(decodeJwt(token)['custom:obra']).toBe('["103"]');

    const user = await me({ token });
    expect(user).toMatchObject({ email: NEW_CLIENT, tipo: 'cliente', obra: ['103'], roles: ['cliente', 'projetista', 'aprovador'] });
    const site = await call('GET', '/api/v1/obras?Id_Lista=103', { token });
    expect(site.status).toBe(200);
    expect(site.body.map((o: Json) => o.Id_Lista)).toEqual(['103']);
    expect((await call('GET', '/api/v1/obras?Id_Lista=101', { token })).body).toEqual([]);

    // The directory row is in step.
    const row = (await sql<Json>`select email, nome, tipo, obra, roles, empresa, "acessoDefinidoEm" from usuario where email = ${NEW_CLIENT}`.execute(api.db))
      .rows[0];
    expect(row).toMatchObject({ email: NEW_CLIENT, nome: 'Nádia Santa Clara', tipo: 'cliente', obra: ['103'], empresa: ['Energética Santa Clara S.A.'] });
    expect(row.acessoDefinidoEm).not.toBeNull();
  });

  it('lists who has access to the site, with their kind and roles', async () => {
    const r = await get('/api/v1/obras/103/usuarios');
    expect(r.status).toBe(200);
    const byEmail = new Map<string, Json>(r.body.map((p: Json) => [p.email, p]));
    expect(byEmail.get(NEW_CLIENT)).toMatchObject({ tipo: 'cliente', roles: ['cliente', 'projetista', 'aprovador'], conta: true, convitePendente: false });
    expect(byEmail.get('field@portal.local')).toMatchObject({ nome: 'Fábio Field', tipo: 'colaborador', roles: ['field'], conta: true });
    expect(byEmail.get('automacao@portal.local')).toMatchObject({ tipo: 'colaborador' });
    // Directory people of the site who have no login yet are listed as such.
    expect(byEmail.get('fernanda.lima@portal.local')).toMatchObject({ nome: 'Fernanda Lima', tipo: 'colaborador', conta: false });
    expect(byEmail.has('cliente@portal.local')).toBe(false); // site 101 only
    expect(r.body[0].tipo).toBe('cliente'); // clients first
  });

  it('an existing client gains the site: attributes, a notice, and the API sees it from the next request on', async () => {
    const before = (await signIn('cliente@portal.local', DEMO_PASSWORD)).body.AuthenticationResult;
    expect((await me({ token: before.IdToken })).obra).toEqual(['101']);
    expect((await call('GET', '/api/v1/obras?Id_Lista=103', { token: before.IdToken })).body).toEqual([]);

    const r = await post('/api/v1/obras/103/usuarios', { email: 'cliente@portal.local', roles: ['projetista', 'aprovador'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      criado: false,
      jaTinhaAcesso: false,
      pessoa: { tipo: 'cliente', roles: ['cliente', 'projetista', 'aprovador', 'representante_cliente'] },
    });
    expect((await poolUser('cliente@portal.local')).attr['custom:obra']).toBe('["101","103"]');
    const notice = (await mails('cliente@portal.local')).at(-1)!;
    expect(notice.assunto).toBe('[Portal] Acesso à obra 103');
    expect(notice.texto).not.toContain('senha');

    // The token issued before the change: the API already uses the new site.
    expect((await me({ token: before.IdToken })).obra).toEqual(['101', '103']);
    expect((await call('GET', '/api/v1/obras?Id_Lista=103', { token: before.IdToken })).body).toHaveLength(1);
    // And so does a test token (claims fixed at 101), and a new token from the pool.
    expect((await me({ as: 'cliente@portal.local' })).obra).toEqual(['101', '103']);
    const refreshed = await stack.cognito('GetTokensFromRefreshToken', { ClientId: stack.config.userPoolClientId, RefreshToken: before.RefreshToken });
    expect(decodeJwt(refreshed.body.AuthenticationResult.IdToken)['custom:obra']).toBe('["101","103"]');

    // Adding again changes nothing about the site and sends nothing.
    const count = (await mails('cliente@portal.local')).length;
    const again = await post('/api/v1/obras/103/usuarios', { email: 'cliente@portal.local' });
    expect(again.body).toMatchObject({
      criado: false,
      jaTinhaAcesso: true,
      pessoa: { roles: ['cliente', 'projetista', 'aprovador', 'representante_cliente'] },
    });
    expect(await mails('cliente@portal.local')).toHaveLength(count);
  });

  it('removing a person removes the site from their attributes, at once', async () => {
    const before = (await signIn('cliente@portal.local', DEMO_PASSWORD)).body.AuthenticationResult.IdToken as string;
    const r = await del('/api/v1/obras/103/usuarios/cliente%40portal.local');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await poolUser('cliente@portal.local')).attr['custom:obra']).toBe('["101"]');
    expect(decodeJwt(before)['custom:obra']).toBe('["101","103"]');
    expect((await me({ token: before })).obra).toEqual(['101']);
    expect((await call('GET', '/api/v1/obras?Id_Lista=103', { token: before })).body).toEqual([]);
    expect((await get('/api/v1/obras/103/usuarios')).body.map((p: Json) => p.email)).not.toContain('cliente@portal.local');
    const twice = await del('/api/v1/obras/103/usuarios/cliente@portal.local');
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe('Esta pessoa não tem acesso a esta obra.');
  });

  it("staff gain and lose a site the same way; their roles are kept and 'cliente' never applies to them", async () => {
    const token = (await staffSignIn(stack, 'field@portal.local', DEMO_PASSWORD)) as Json;
    const id = token.tokens.id_token as string;
    expect((await me({ token: id })).obra).toEqual(['101', '103']);
    const r = await post('/api/v1/obras/104/usuarios', { email: 'field@portal.local', roles: ['cliente'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.pessoa).toMatchObject({ tipo: 'colaborador', roles: ['field'] });
    // Roles given for staff are added (client ones included, but never `cliente`).
    const withRole = await post('/api/v1/obras/104/usuarios', { email: 'field@portal.local', roles: ['cliente', 'rdo_by_obra'] });
    expect(withRole.body).toMatchObject({ jaTinhaAcesso: true, pessoa: { roles: ['field', 'rdo_by_obra'] } });
    expect((await me({ token: id })).roles).toEqual(['field', 'rdo_by_obra']);
    await sql`update usuario set roles = '["field"]'::jsonb where email = 'field@portal.local'`.execute(api.db);
    // A change made outside the API's own writes counts within 2 s (the directory's access cache); the test does not wait.
    forgetDirectoryAccess();
    const user = await me({ token: id });
    expect(user).toMatchObject({ obra: ['101', '103', '104'], roles: ['field'] });
    expect((await poolUser('field@portal.local')).attr['custom:obra']).toBe('["101","103","104"]');
    expect((await del('/api/v1/obras/104/usuarios/field@portal.local')).status).toBe(200);
    expect((await me({ token: id })).obra).toEqual(['101', '103']);
  });

  it('a staff member known only to the directory (no login yet) gains the site in the directory', async () => {
    // Carlos Souza (sites 101, 102, 105, 106) is in the directory and has never signed in.
    const email = 'carlos.souza@portal.local';
    expect(await localIdentityAdmin(stack.emulator!, stack.config.userPoolId).findUserByEmail(email)).toBeNull();
    expect((await get('/api/v1/obras/103/usuarios')).body.map((p: Json) => p.email)).not.toContain(email);
    const r = await post('/api/v1/obras/103/usuarios', { email });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      criado: false,
      pessoa: { nome: 'Carlos Souza', tipo: 'colaborador', conta: false, roles: ['contratos', 'editor_contratos', 'materiais', 'editor_materiais'] },
    });
    expect((await get('/api/v1/obras/103/usuarios')).body.find((p: Json) => p.email === email)).toMatchObject({ conta: false });
    // When he signs in (any token naming him), the directory gives him the site.
    api.addUser({ email, roles: [], obra: [] });
    expect((await me({ as: email })).obra).toEqual(['101', '102', '105', '106', '103']);
  });

  it('factory sites: adicionar_cliente on PROJETO_FABRICA, clients only', async () => {
    api.addUser({ email: `pf.${backend}@portal.local`, roles: ['admin_projetos_fabrica'] });
    api.addUser({ email: `obra.${backend}@portal.local`, roles: ['admin_obra'] });
    const pf = `pf.${backend}@portal.local`;
    const adminObra = `obra.${backend}@portal.local`;
    const client = `fabrica.${backend}@cliente.com.br`;

    const r = await post('/api/v1/fabricacao/103/usuarios', { email: client, nome: 'Cliente da Fábrica' }, pf);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.pessoa.roles).toEqual(['cliente', 'projetista_fabrica']);
    expect((await poolUser(client)).attr['custom:roles']).toBe('["cliente","projetista_fabrica"]');
    expect((await get('/api/v1/fabricacao/103/usuarios', pf)).body.map((p: Json) => p.email)).toContain(client);

    // Staff are not managed here.
    const staff = await post('/api/v1/fabricacao/103/usuarios', { email: 'sm@portal.local' }, pf);
    expect(staff.status).toBe(400);
    expect(staff.body.errors.email[0]).toMatch(/colaborador/);
    expect((await del('/api/v1/fabricacao/103/usuarios/field@portal.local', pf)).status).toBe(403);

    // Each screen's own rule: the factory projects admin does not manage a site's people, nor the site admin a factory's.
    expect((await post('/api/v1/obras/103/usuarios', { email: client }, pf)).status).toBe(403);
    const other = await post('/api/v1/fabricacao/103/usuarios', { email: client }, adminObra);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Você não tem permissão para gerenciar as pessoas desta obra.');
    // admin_obra manages the site's people (docs/access.md decision 22).
    expect((await get('/api/v1/obras/103/usuarios', adminObra)).status).toBe(200);
    expect((await del(`/api/v1/fabricacao/103/usuarios/${client}`, pf)).status).toBe(200);
  });

  it('403 for people without the right, 404 for an unknown site', async () => {
    for (const who of ['leitura@portal.local', 'sm@portal.local', 'contratos.gestor@portal.local']) {
      const r = await post('/api/v1/obras/103/usuarios', { email: 'x@exemplo.com', nome: 'Xis' }, who);
      expect(r.status, who).toBe(403);
      expect(r.body.message).toBe('Você não tem permissão para gerenciar as pessoas desta obra.');
      expect((await get('/api/v1/obras/103/usuarios', who)).status).toBe(403);
      expect((await del('/api/v1/obras/103/usuarios/field@portal.local', who)).status).toBe(403);
    }
    // A client does not even see another site.
    expect((await get('/api/v1/obras/103/usuarios', 'cliente@portal.local')).status).toBe(404);
    expect((await get('/api/v1/obras/101/usuarios', 'cliente@portal.local')).status).toBe(403);
    const unknown = await post('/api/v1/obras/999/usuarios', { email: 'x@exemplo.com', nome: 'Xis' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Obra não encontrada.');
    expect((await get('/api/v1/usuarios?_end=1', 'leitura@portal.local')).status).toBe(403);
  });

  it('400 with per-field Portuguese messages', async () => {
    const bad = await post('/api/v1/obras/103/usuarios', { email: 'sem-arroba', nome: 'A', roles: 'cliente' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ email: ['E-mail inválido.'], nome: ['Mínimo de 2 caracteres.'], roles: ['Informe uma lista.'] });
    expect((await post('/api/v1/obras/103/usuarios', {})).body.errors).toEqual({ email: ['Campo obrigatório.'] });

    const noName = await post('/api/v1/obras/103/usuarios', { email: `sem.nome.${backend}@exemplo.com` });
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toEqual({ nome: ['Informe o nome para criar o acesso de um novo cliente.'] });

    const total = await post('/api/v1/obras/103/usuarios', {
      email: `total.${backend}@exemplo.com`,
      nome: 'Tentativa',
      roles: ['cliente', 'acesso_total', 'admin_obra'],
    });
    expect(total.status).toBe(400);
    expect(total.body.errors).toEqual({ roles: ['Perfil não permitido para clientes: acesso_total, admin_obra.'] });
    expect((await post('/api/v1/obras/103/usuarios', { email: 'cliente@portal.local', roles: ['acesso_total'] })).body.errors.roles).toBeDefined();

    const supplier = await post('/api/v1/obras/103/usuarios', { email: 'fornecedor@portal.local' });
    expect(supplier.status).toBe(400);
    expect(supplier.body.errors.email).toEqual(['Fornecedores e escritórios parceiros não recebem acesso a obras.']);

    // Only who may do everything gives a staff member a global or admin role here.
    api.addUser({ email: `obra2.${backend}@portal.local`, roles: ['admin_obra'] });
    const reserved = await post('/api/v1/obras/103/usuarios', { email: 'leitura@portal.local', roles: ['acesso_total'] }, `obra2.${backend}@portal.local`);
    expect(reserved.status).toBe(400);
    expect(reserved.body.errors.roles).toEqual(['Só quem tem acesso total atribui estes perfis: acesso_total.']);

    // Nothing was created by the refused requests.
    for (const e of [`sem.nome.${backend}@exemplo.com`, `total.${backend}@exemplo.com`]) {
      expect(await localIdentityAdmin(stack.emulator!, stack.config.userPoolId).findUserByEmail(e)).toBeNull();
      expect((await sql`select 1 from usuario where email = ${e}`.execute(api.db)).rows).toEqual([]);
    }
    expect((await sql<Json>`select "acessoDefinidoEm" from usuario where email = 'leitura@portal.local'`.execute(api.db)).rows[0].acessoDefinidoEm).toBeNull();
  });

  it('a refusal of the identity provider undoes the directory row and the invitation', async () => {
    const email = `desfeito.${backend}@exemplo.com`;
    const adminApi = localIdentityAdmin(stack.emulator!, stack.config.userPoolId);
    // Someone created the account in the pool meanwhile (with another case): the pool refuses a second one.
    await stack.emulator!.call('AdminCreateUser', {
      UserPoolId: stack.config.userPoolId,
      Username: email,
      TemporaryPassword: temporaryPassword(),
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: email.toUpperCase() }],
    });
    expect(await adminApi.findUserByEmail(email)).toBeNull(); // filters are exact: not found by the lowercase address
    const r = await post('/api/v1/obras/103/usuarios', { email, nome: 'Desfeito' });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/Já existe uma conta com este e-mail/);
    expect((await sql`select 1 from usuario where email = ${email}`.execute(api.db)).rows).toEqual([]);
    expect(await mails(email)).toEqual([]);
  });

  it("an edit of a person's directory row in the generic form counts from their next request on", async () => {
    await sql`update usuario set roles = '["field"]'::jsonb, "acessoDefinidoEm" = now() where email = 'field@portal.local'`.execute(api.db);
    forgetDirectoryAccess();
    expect((await me({ as: 'field@portal.local' })).roles).toEqual(['field']); // remembered now
    const row = (await get('/api/v1/usuarios?email=field@portal.local')).body[0];
    const edited = await call('PATCH', `/api/v1/usuarios/${row.id}`, { json: { version: row.version, roles: ['field', 'rdo_by_obra'] } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await me({ as: 'field@portal.local' })).roles).toEqual(['field', 'rdo_by_obra']);
    await sql`update usuario set roles = '["field"]'::jsonb where email = 'field@portal.local'`.execute(api.db);
    forgetDirectoryAccess();
  });

  it('the directory never changes the kind of the signed-in person', async () => {
    // An administrator edits the client's directory row in the generic form and drops `cliente`.
    await sql`update usuario set roles = '["projetista"]'::jsonb where email = ${NEW_CLIENT}`.execute(api.db);
    forgetDirectoryAccess(); // as the generic form's write would (tests/api: raw SQL stands for it)
    api.addUser({ email: NEW_CLIENT, roles: ['cliente', 'projetista', 'aprovador'], tipo: 'cliente', obra: ['103'] });
    expect((await me({ as: NEW_CLIENT })).roles).toEqual(['cliente', 'projetista']);
    // A staff member's row naming `cliente` does not make them a client.
    await sql`update usuario set roles = '["cliente","field"]'::jsonb, "acessoDefinidoEm" = now() where email = 'field@portal.local'`.execute(api.db);
    forgetDirectoryAccess();
    expect((await me({ as: 'field@portal.local' })).roles).toEqual(['field']);
    await sql`update usuario set roles = '["field"]'::jsonb where email = 'field@portal.local'`.execute(api.db);
  });

  it('decision 30: a client invited with only "Aprovador" also gets `cliente` and the reading role, and sees the site and its documents', async () => {
    const email = `aprovador.${backend}@cliente.com.br`;
    const r = await post('/api/v1/obras/103/usuarios', { email, nome: 'Ana Aprovadora', roles: ['aprovador'] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.pessoa).toMatchObject({ tipo: 'cliente', roles: ['cliente', 'aprovador', 'projetista'] });
    expect((await poolUser(email)).attr['custom:roles']).toBe('["cliente","aprovador","projetista"]');
    // Signed in (the token names only the kind; the directory row written by the screen gives the rest).
    api.addUser({ email, roles: ['cliente'], tipo: 'cliente', obra: [] });
    expect(await me({ as: email })).toMatchObject({ obra: ['103'], roles: ['cliente', 'aprovador', 'projetista'] });
    const site = await get('/api/v1/obras?Id_Lista=103', email);
    expect(site.status).toBe(200);
    expect(site.body.map((o: Json) => o.Id_Lista)).toEqual(['103']);
    const docs = await get('/api/v1/projetos?obra=103&_end=50', email);
    expect(docs.status).toBe(200);
    expect(docs.body.length).toBeGreaterThan(0);
    expect(docs.body.every((d: Json) => d.obra === '103')).toBe(true);

    // The factory screen completes with the factory reader.
    const fab = await post('/api/v1/fabricacao/103/usuarios', {
      email: `aprovador.fabrica.${backend}@cliente.com.br`,
      nome: 'Fábio Aprovador',
      roles: ['aprovador_fabrica'],
    });
    expect(fab.status, JSON.stringify(fab.body)).toBe(201);
    expect(fab.body.pessoa.roles).toEqual(['cliente', 'aprovador_fabrica', 'projetista_fabrica']);
  });

  it("decision 30 on the directory form: a client without a site is refused on `obra`; a client's roles always carry `cliente` and a reader", async () => {
    const email = `sem.obra.${backend}@cliente.com.br`;
    const message = 'Um cliente precisa de ao menos uma obra: informe o código da obra a que ele terá acesso.';
    for (const obra of [[], undefined]) {
      const none = await post('/api/v1/usuarios', { email, nome: 'Sem Obra', tipo: 'cliente', roles: ['aprovador'], ...(obra ? { obra } : {}) });
      expect(none.status, JSON.stringify(none.body)).toBe(400);
      expect(none.body.errors).toEqual({ obra: [message] });
    }
    expect((await sql`select 1 from usuario where email = ${email}`.execute(api.db)).rows).toEqual([]);

    const ok = await post('/api/v1/usuarios', { email, nome: 'Com Obra', tipo: 'cliente', roles: ['aprovador'], obra: ['103'] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.roles).toEqual(['cliente', 'aprovador', 'projetista']);
    // Taking every site away later is refused the same way, and nothing changes.
    const emptied = await call('PATCH', `/api/v1/usuarios/${ok.body.id}`, { json: { version: ok.body.version, obra: [] } });
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(400);
    expect(emptied.body.errors).toEqual({ obra: [message] });
    const dropped = await call('PATCH', `/api/v1/usuarios/${ok.body.id}`, { json: { version: ok.body.version, roles: ['aprovador'] } });
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    expect(dropped.body.roles).toEqual(['cliente', 'aprovador', 'projetista']);
    expect((await sql<Json>`select obra from usuario where email = ${email}`.execute(api.db)).rows[0].obra).toEqual(['103']);
    // Staff rows are not touched by the client rule.
    const staff = await post('/api/v1/usuarios', { email: `colab.${backend}@portal.local`, nome: 'Colaborador Novo', tipo: 'PE', roles: ['field'] });
    expect(staff.status, JSON.stringify(staff.body)).toBe(201);
    expect(staff.body.roles).toEqual(['field']);
  });
});

describe('identity admin adapters', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.dispose();
  });

  /** The Cognito SDK adapter on the local stack's endpoint, standing in for AWS. */
  const sdkAdmin = () =>
    cognitoIdentityAdmin({
      region: stack.config.region,
      userPoolId: stack.config.userPoolId,
      endpoint: stack.config.userPoolEndpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      adminSecret: stack.adminSecret,
    });

  it('temporary passwords meet the pool policy and differ', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = temporaryPassword();
      expect(passwordPolicyViolation(p), p).toBeNull();
      expect(p).toHaveLength(12);
      expect(p).not.toMatch(/[0O1lI\s]/);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });

  it('list attributes: JSON arrays, comma lists, anything else empty', () => {
    expect(parseListAttribute('["101","102"]')).toEqual(['101', '102']);
    expect(parseListAttribute('101, 102,101')).toEqual(['101', '102']);
    expect(parseListAttribute('[oops')).toEqual([]);
    expect(parseListAttribute(undefined)).toEqual([]);
  });

  it('the Cognito SDK adapter speaks to a user pool endpoint (the local stack standing in for AWS)', async () => {
    const admin = sdkAdmin();
    expect(admin.kind).toBe('cognito');
    expect(await admin.findUserByEmail('field@portal.local')).toMatchObject({ federated: true, obra: ['101', '103'], roles: ['field'] });
    expect(await admin.findUserByEmail('cliente@portal.local')).toMatchObject({ federated: false, status: 'CONFIRMED', empresa: [CNPJ.clienteDemo] });
    expect(await admin.findUserByEmail('ninguem@portal.local')).toBeNull();

    const created = await admin.createUser({
      email: 'sdk@exemplo.com',
      name: 'Pelo SDK',
      obra: ['105'],
      roles: ['cliente'],
      empresa: [],
      temporaryPassword: temporaryPassword(),
    });
    expect(created).toMatchObject({ email: 'sdk@exemplo.com', status: 'FORCE_CHANGE_PASSWORD', obra: ['105'], federated: false });
    await admin.updateAccess(created.username, { obra: ['105', '106'], roles: ['cliente', 'projetista'] });
    const site = await admin.listUsersWithSite('106');
    expect(site.map((u) => u.email)).toEqual(['sdk@exemplo.com']);
    expect(site[0].roles).toEqual(['cliente', 'projetista']);
    const onSite103 = await admin.listUsersWithSite('103');
    expect(
      onSite103
        .filter((u) => u.federated)
        .map((u) => u.email)
        .sort(),
    ).toEqual(['automacao@portal.local', 'field@portal.local']);
  });

  it('disabling an account (issue 35) refuses its refresh token and its password at once; enabling lets it in again', async () => {
    const front = async (op: string, body: Record<string, unknown>) => {
      const res = await fetch(stack.config.userPoolEndpoint + '/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${op}` },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { __type?: string; message?: string; AuthenticationResult?: { RefreshToken?: string } } };
    };
    const signIn = () =>
      front('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.config.userPoolClientId,
        AuthParameters: { USERNAME: 'cliente@portal.local', PASSWORD: DEMO_PASSWORD },
      });
    const refresh = (token: string) =>
      front('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: stack.config.userPoolClientId, AuthParameters: { REFRESH_TOKEN: token } });
    const first = await signIn();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const token = first.body.AuthenticationResult!.RefreshToken!;
    expect((await refresh(token)).status).toBe(200);

    // Both adapters: the in-process one and the SDK through the local stack's endpoint (as on AWS).
    const sdk = sdkAdmin();
    for (const admin of [sdk, localIdentityAdmin(stack.emulator!, stack.config.userPoolId)]) {
      const user = (await admin.findUserByEmail('cliente@portal.local'))!;
      await admin.setEnabled(user.username, false);
      expect((await admin.findUserByEmail('cliente@portal.local'))!.enabled).toBe(false);
      const refused = await refresh(token);
      expect(refused.status).toBe(400);
      expect(refused.body.__type).toBe('NotAuthorizedException');
      expect((await signIn()).body).toMatchObject({ __type: 'NotAuthorizedException', message: 'User is disabled.' });
      await admin.setEnabled(user.username, true);
      expect((await signIn()).status).toBe(200);
      // The old refresh token stays revoked: only a new sign-in opens a session.
      expect((await refresh(token)).status).toBe(400);
    }
  });
});
