/**
 * Idempotent set-up of the local user pool: the pool (with the custom attributes), the web app
 * client, the federated-users group and the demo accounts.
 *
 * Attribute encoding (same as expected from the real pool):
 * - `custom:empresa`, `custom:obra`, `custom:roles`: JSON arrays of strings as text, e.g. `["101","102"]`
 *   (a plain comma-separated list is also accepted by the verifier);
 * - `custom:specific_rules`: JSON text of an array of CASL raw rules (`[]` when none).
 * Staff accounts are "federated": they belong to the group `<userPoolId>_Corporativo`, the group a
 * real Cognito pool puts users of the identity provider `Corporativo` in. The hosted sign-in stand-in
 * signs in only members of that group, and the emulator front refuses them the own-login flow.
 */
import type { Emulator } from './emulator';
import { CognitoCallError } from './emulator';
import { CORPORATE_PROVIDER, OAUTH_SCOPES } from '../auth/identity-config';
import { CNPJ } from './demo-cnpj';

export const DEMO_PASSWORD = 'Demo#2026';
export const POOL_NAME = 'portal-local';
export const CLIENT_NAME = 'portal-web';
export const COMPANY = 'Portal Engenharia';

export interface DemoAccount {
  email: string;
  name: string;
  roles: string[];
  obra: string[];
  empresa: string[];
  /** Staff: signs in through the corporate provider. */
  federated: boolean;
  /** Left with a temporary password (first login asks for a new one). */
  temporary?: boolean;
  description: string;
}

/** "e" before the last item: `a, b e c`. */
function listPt(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

/** A staff (corporate) account of the company, described like the others. */
/** A supplier or partner law firm (docs/access.md decision 28): own login, sees only its company's records. */
/** `empresa` is the registered company's CNPJ (digits, src/server/identity/demo-cnpj.ts), as records refer to it (decision 29). */
function partner(email: string, name: string, kind: 'fornecedor' | 'escritorio', company: string, empresa: string): DemoAccount {
  const what = kind === 'fornecedor' ? 'fornecedor: registros SGI e portal do fornecedor da empresa' : 'escritório parceiro: processos que conduz';
  return { email, name, roles: [kind], obra: [], empresa: [empresa], federated: false, description: `${what} (${company}) — login próprio` };
}

function staff(email: string, name: string, roles: string[], what: string, obra: string[] = []): DemoAccount {
  const obras = obra.length ? `, obra${obra.length > 1 ? 's' : ''} ${listPt(obra)}` : '';
  return {
    email,
    name,
    roles,
    obra,
    empresa: [COMPANY],
    federated: true,
    description: `colaborador, ${listPt(roles)} (${what})${obras} — conta corporativa`,
  };
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'cliente@portal.local',
    name: 'Cliente Demonstração',
    roles: ['cliente', 'projetista', 'aprovador', 'representante_cliente'],
    obra: ['101'],
    empresa: [CNPJ.clienteDemo],
    federated: false,
    description: 'cliente (cliente, projetista, aprovador, representante_cliente: assina os diários), obra 101 — login próprio',
  },
  {
    email: 'cliente.novo@portal.local',
    name: 'Cliente Novo',
    roles: ['cliente', 'projetista'],
    obra: ['102'],
    empresa: [CNPJ.clienteNovo],
    federated: false,
    temporary: true,
    description: 'cliente (cliente, projetista), obra 102 — senha temporária, o primeiro acesso pede uma nova',
  },
  {
    email: 'admin@portal.local',
    name: 'Administrador',
    roles: ['acesso_total', 'admin_rdo'],
    obra: [],
    empresa: [COMPANY],
    federated: true,
    description: 'colaborador, acesso_total e admin_rdo (aprova os diários) — conta corporativa',
  },
  {
    email: 'sm@portal.local',
    name: 'Site Manager',
    roles: ['site_manager', 'rdo_by_obra', 'materiais'],
    obra: ['101', '102'],
    empresa: [COMPANY],
    federated: true,
    description: 'colaborador, site_manager, rdo_by_obra e materiais, obras 101 e 102 — conta corporativa',
  },
  {
    email: 'posvendas@portal.local',
    name: 'Pós-Vendas',
    roles: ['pos_vendas'],
    obra: [],
    empresa: [COMPANY],
    federated: true,
    description: 'colaborador, pos_vendas — conta corporativa',
  },
  {
    email: 'leitura@portal.local',
    name: 'Leitura',
    roles: [],
    obra: [],
    empresa: [COMPANY],
    federated: true,
    description: 'colaborador sem papel — conta corporativa',
  },
  // The workflow team: one person per step of the demo records' flows (src/server/seed/demo-data.ts).
  staff('contratos.responsavel@portal.local', 'Rafael Responsável', ['contratos', 'editor_contratos'], 'responsável dos contratos'),
  staff('contratos.gestor@portal.local', 'Gabriela Gestora', ['contratos'], 'gestora dos contratos'),
  staff('contratos.validador@portal.local', 'Vítor Validador', ['contratos'], 'validador dos contratos'),
  staff(
    'materiais.quantificador@portal.local',
    'Quésia Quantificadora',
    ['materiais', 'editor_materiais', 'materiais_obra'],
    'quantificadora das listas de materiais',
    ['101', '102'],
  ),
  staff('materiais.verificador@portal.local', 'Vinícius Verificador', ['materiais'], 'verificador das listas de materiais'),
  staff('materiais.coordenador@portal.local', 'Cora Coordenadora', ['materiais'], 'coordenadora das listas de materiais'),
  staff('materiais.pcp@portal.local', 'Paulo PCP', ['materiais', 'pcp'], 'planejamento das listas de materiais'),
  staff('projetista@portal.local', 'Pietra Projetista', ['projetista', 'editor_projetista'], 'projetista dos documentos CRE'),
  staff('sgi@portal.local', 'Sérgio SGI', ['sgi'], 'triagem e tratativa dos registros SGI'),
  staff('etica@portal.local', 'Elisa Ética', ['etica'], 'apuração do canal de ética'),
  staff('beatriz.ramos@portal.local', 'Beatriz Ramos', ['contratos', 'seguros'], 'seguros: responsável interna das apólices, avisada dos vencimentos'),
  // The people of docs/access.md decision 28 and the field teams (role journeys).
  staff('field@portal.local', 'Fábio Field', ['field'], 'técnico de campo das ordens de serviço', ['101', '103']),
  staff('automacao@portal.local', 'Aurora Automação', ['automacao', 'automacao_config'], 'ordens de serviço e EAP de automação', ['101', '103']),
  staff('juridico@portal.local', 'Júlia Jurídico', ['leitura_juridico'], 'leitura dos processos; responsável DP em alguns'),
  staff('controladoria@portal.local', 'Carla Controladoria', ['controladoria'], 'leitura de tudo, exceto o canal de ética'),
  staff('sm.substituto@portal.local', 'Sérgio Substituto', ['site_manager_substituto', 'materiais'], 'site manager substituto da obra 101'),
  staff('planejamento@portal.local', 'Paula Planejamento', ['planejamento'], 'planejamento das obras: datas planejadas e aviso de atraso'),
  partner('fornecedor@portal.local', 'Montagens Ideal (fornecedor)', 'fornecedor', 'Montagens Ideal Ltda.', CNPJ.montagensIdeal),
  partner('escritorio@portal.local', 'Andrade & Lobo (escritório)', 'escritorio', 'Andrade & Lobo Advogados', CNPJ.andradeLobo),
];

export function federatedGroupName(userPoolId: string): string {
  return `${userPoolId}_${CORPORATE_PROVIDER}`;
}

const CUSTOM_ATTRIBUTES = ['empresa', 'obra', 'roles', 'specific_rules'];

export function demoAttributes(a: DemoAccount): { Name: string; Value: string }[] {
  return [
    { Name: 'email', Value: a.email },
    { Name: 'email_verified', Value: 'true' },
    { Name: 'name', Value: a.name },
    { Name: 'custom:empresa', Value: JSON.stringify(a.empresa) },
    { Name: 'custom:obra', Value: JSON.stringify(a.obra) },
    { Name: 'custom:roles', Value: JSON.stringify(a.roles) },
    { Name: 'custom:specific_rules', Value: '[]' },
  ];
}

export interface SeedResult {
  userPoolId: string;
  userPoolClientId: string;
}

/** Creates or updates pool, client, group and demo users. Safe to run at every start. */
export async function seedUserPool(emu: Emulator, opts: { callbackUrls: string[]; logoutUrls: string[] }): Promise<SeedResult> {
  // Pool
  const pools = await emu.call<{ UserPools?: { Id: string; Name: string }[] }>('ListUserPools', { MaxResults: 60 });
  let userPoolId = pools.UserPools?.find((p) => p.Name === POOL_NAME)?.Id;
  if (!userPoolId) {
    const created = await emu.call<{ UserPool: { Id: string } }>('CreateUserPool', {
      PoolName: POOL_NAME,
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        },
      },
      MfaConfiguration: 'OPTIONAL',
      AutoVerifiedAttributes: ['email'],
      Schema: CUSTOM_ATTRIBUTES.map((Name) => ({
        Name,
        AttributeDataType: 'String',
        Mutable: true,
        StringAttributeConstraints: { MinLength: '0', MaxLength: '2048' },
      })),
    });
    userPoolId = created.UserPool.Id;
  }
  // A second factor per user (TOTP, issue 35): optional in the pool, required by the portal's policy.
  await emu.call('SetUserPoolMfaConfig', { UserPoolId: userPoolId, MfaConfiguration: 'OPTIONAL', SoftwareTokenMfaConfiguration: { Enabled: true } });

  // App client (public: no secret)
  const clients = await emu.call<{ UserPoolClients?: { ClientId: string; ClientName: string }[] }>('ListUserPoolClients', {
    UserPoolId: userPoolId,
    MaxResults: 60,
  });
  let userPoolClientId = clients.UserPoolClients?.find((c) => c.ClientName === CLIENT_NAME)?.ClientId;
  const clientSettings = {
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    AllowedOAuthFlows: ['code'],
    AllowedOAuthFlowsUserPoolClient: true,
    AllowedOAuthScopes: OAUTH_SCOPES,
    SupportedIdentityProviders: ['COGNITO', CORPORATE_PROVIDER],
    CallbackURLs: opts.callbackUrls,
    LogoutURLs: opts.logoutUrls,
    AccessTokenValidity: 60,
    IdTokenValidity: 60,
    RefreshTokenValidity: 30,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    EnableTokenRevocation: true,
    PreventUserExistenceErrors: 'ENABLED',
  };
  if (!userPoolClientId) {
    const created = await emu.call<{ UserPoolClient: { ClientId: string } }>('CreateUserPoolClient', {
      UserPoolId: userPoolId,
      ClientName: CLIENT_NAME,
      GenerateSecret: false,
      ...clientSettings,
    });
    userPoolClientId = created.UserPoolClient.ClientId;
  } else {
    await emu.call('UpdateUserPoolClient', { UserPoolId: userPoolId, ClientId: userPoolClientId, ...clientSettings });
  }

  // Group of the federated (staff) users
  const group = federatedGroupName(userPoolId);
  try {
    await emu.call('GetGroup', { UserPoolId: userPoolId, GroupName: group });
  } catch {
    await emu.call('CreateGroup', {
      UserPoolId: userPoolId,
      GroupName: group,
      Description: 'Utilizadores do fornecedor de identidade corporativo',
    });
  }

  // Demo accounts (existing ones are left as they are, so changed passwords survive restarts)
  for (const a of DEMO_ACCOUNTS) {
    let exists = true;
    try {
      await emu.call('AdminGetUser', { UserPoolId: userPoolId, Username: a.email });
    } catch (e) {
      if (!(e instanceof CognitoCallError) || e.code !== 'UserNotFoundException') throw e;
      exists = false;
    }
    if (!exists) {
      await emu.call('AdminCreateUser', {
        UserPoolId: userPoolId,
        Username: a.email,
        TemporaryPassword: DEMO_PASSWORD,
        MessageAction: 'SUPPRESS',
        UserAttributes: demoAttributes(a),
      });
      if (!a.temporary) {
        await emu.call('AdminSetUserPassword', {
          UserPoolId: userPoolId,
          Username: a.email,
          Password: DEMO_PASSWORD,
          Permanent: true,
        });
      }
    }
    if (a.federated) {
      await emu.call('AdminAddUserToGroup', { UserPoolId: userPoolId, Username: a.email, GroupName: group });
    }
  }
  return { userPoolId, userPoolClientId };
}

/** Human-readable list of the demo accounts (for `npm start`'s output). */
export function demoAccountsText(): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  return [`Contas de demonstração (senha ${DEMO_PASSWORD}):`, ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(width)} ${a.description}`)].join('\n');
}
