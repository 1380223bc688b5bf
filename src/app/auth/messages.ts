/**
 * The identity provider's (Amplify / Cognito) English messages → clear pt-BR text.
 * The original is logged with console.warn so support can still see it.
 */

/** Spec section 8: provider messages treated as an invalid session (sign out and clear the cache). */
export const INVALID_SESSION_MESSAGES = [
  'Access Token has been revoked',
  'Refresh Token has been revoked',
  'User is disabled.',
  'User does not exist.',
  'Refresh Token has expired',
  'Password reset required for the user',
] as const;

/** Spec messages raised by our own checks (kept in English as the original, shown in Portuguese). */
export const USERNAME_EMPTY = 'Username cannot be empty';
export const PASSWORD_EMPTY = 'Password cannot be empty';
export const CODE_EMPTY = 'Confirmation code cannot be empty';
export const CHALLENGE_EMPTY = 'Challenge response cannot be empty';
export const SIGNOUT_TIMEOUT = 'Signout timeout fail';

const SESSION_ENDED = 'Sua sessão foi encerrada. Entre novamente.';
const CONFIG_ERROR = 'A configuração de autenticação está incompleta. Contate o suporte.';

/** Exact messages. */
const EXACT: Record<string, string> = {
  'Incorrect username or password.': 'E-mail ou senha incorretos.',
  'Access Token has been revoked': SESSION_ENDED,
  'Refresh Token has been revoked': SESSION_ENDED,
  'Invalid Refresh Token': SESSION_ENDED,
  'Refresh Token has expired': 'Sua sessão expirou. Entre novamente.',
  'Access Token has expired': 'Sua sessão expirou. Entre novamente.',
  'User is disabled.': 'Este usuário está desativado. Contate o suporte.',
  'User does not exist.': 'Usuário não encontrado.',
  'Password reset required for the user': 'É necessário redefinir a senha. Use "Esqueci minha senha".',
  'Password reset required': 'É necessário redefinir a senha. Use "Esqueci minha senha".',
  'No current user.': 'Você não está conectado. Entre novamente.',
  'No current user': 'Você não está conectado. Entre novamente.',
  'The user is not authenticated': 'Você não está conectado. Entre novamente.',
  'User is not authenticated': 'Você não está conectado. Entre novamente.',
  'User needs to be authenticated to call this API.': 'Você não está conectado. Entre novamente.',
  'Authentication Error': 'Erro de autenticação. Tente novamente.',
  [USERNAME_EMPTY]: 'Informe o e-mail.',
  [PASSWORD_EMPTY]: 'Informe a senha.',
  [CODE_EMPTY]: 'Informe o código de confirmação.',
  [CHALLENGE_EMPTY]: 'Informe a resposta solicitada.',
  'Network Error': 'Falha de rede. Verifique sua conexão e tente novamente.',
  'Invalid state in OAuth flow': 'O retorno do login corporativo é inválido (estado não confere). Tente novamente.',
  'User cancelled OAuth flow.': 'O login corporativo foi cancelado.',
  [SIGNOUT_TIMEOUT]: 'A saída da conta corporativa não foi concluída a tempo (3 s).',
  'Federation requires either a User Pool or Identity Pool in config': CONFIG_ERROR,
  'Federation with Identity Pools requires tokens passed as arguments': CONFIG_ERROR,
  'OAuth responses require a User Pool defined in config': CONFIG_ERROR,
  'User is not confirmed.': 'O cadastro deste usuário ainda não foi confirmado.',
  'User already exists': 'Já existe uma conta com este e-mail.',
  'An account with the given email already exists.': 'Já existe uma conta com este e-mail.',
  'Incorrect confirmation code': 'Código de verificação inválido. Tente novamente.',
  'Invalid verification code provided, please try again.': 'Código de verificação inválido. Tente novamente.',
  'Invalid code provided, please request a code again.': 'O código expirou. Solicite um novo código.',
  'Attempt limit exceeded, please try after some time.': 'Limite de tentativas excedido. Tente novamente mais tarde.',
  'Password attempts exceeded': 'Limite de tentativas excedido. Tente novamente mais tarde.',
  'There is already a signed in user.': 'Já existe um usuário conectado.',
  'Signout timeout': 'A saída da conta corporativa não foi concluída a tempo (3 s).',
  // The second factor (TOTP): a wrong code, or one already used (each code counts once).
  'Invalid code received for user': 'Código incorreto ou já usado. Digite o código atual do aplicativo autenticador (cada código vale uma vez).',
  'Code mismatch and fail enable Software Token MFA': 'Código incorreto. Digite o código de 6 dígitos que o aplicativo autenticador mostra agora.',
  'Invalid session for the user, session is expired.': 'O passo de login expirou. Entre novamente.',
  'User has not verified software token MFA': 'Confirme o aplicativo autenticador com um código antes de ativar a verificação.',
};

/** Patterns, tried in order when no exact message matches. */
const PATTERNS: [RegExp, string][] = [
  [
    /^Password did not conform with policy|^Password does not conform to policy/i,
    'A senha não cumpre a política: mínimo de 8 caracteres, com letra minúscula, letra maiúscula, número e símbolo.',
  ],
  [/user ?pool .*does not exist|User pool client .* does not exist|ResourceNotFound/i, 'Configuração de autenticação inválida: o pool de usuários não existe.'],
  [/network ?error|failed to fetch|fetch failed|NetworkError/i, 'Falha de rede. Verifique sua conexão e tente novamente.'],
  [/USER_SRP_AUTH/i, 'Este método de login não está disponível neste ambiente.'],
  [/Unsupported/i, 'Operação não suportada pelo serviço de identidade.'],
  [/too many requests|rate exceeded|throttl/i, 'Muitas solicitações. Aguarde um momento e tente novamente.'],
];

/** Messages the local identity stack and the app's own checks write in Portuguese. */
const PORTUGUESE: RegExp[] = [
  /^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/,
  /^O endereço usado \(.+\) não está autorizado para o login corporativo\. Use .+\.$/,
];

/** By error name (Cognito exception type), when the message is not known. */
const BY_NAME: Record<string, string> = {
  NotAuthorizedException: 'Não autorizado. Verifique os dados e tente novamente.',
  UserNotFoundException: 'Usuário não encontrado.',
  CodeMismatchException: 'Código de verificação inválido. Tente novamente.',
  EnableSoftwareTokenMFAException: 'Código incorreto. Digite o código de 6 dígitos que o aplicativo autenticador mostra agora.',
  ExpiredCodeException: 'O código expirou. Solicite um novo código.',
  InvalidPasswordException: 'A senha não cumpre a política: mínimo de 8 caracteres, com letra minúscula, letra maiúscula, número e símbolo.',
  LimitExceededException: 'Limite de tentativas excedido. Tente novamente mais tarde.',
  TooManyRequestsException: 'Muitas solicitações. Aguarde um momento e tente novamente.',
  TooManyFailedAttemptsException: 'Limite de tentativas excedido. Tente novamente mais tarde.',
  // Device errors (docs/specification.md §8).
  InvalidParameterException: 'Configuração de dispositivo inválida.',
  NetworkError: 'Falha de rede. Verifique sua conexão e tente novamente.',
  EmptySignInUsername: 'Informe o e-mail.',
  EmptySignInPassword: 'Informe a senha.',
  EmptyConfirmResetPasswordConfirmationCode: 'Informe o código de confirmação.',
  EmptyConfirmSignInChallengeResponse: 'Informe a resposta solicitada.',
  UserAlreadyAuthenticatedException: 'Já existe um usuário conectado.',
  UserUnAuthenticatedException: 'Você não está conectado. Entre novamente.',
  PasswordResetRequiredException: 'É necessário redefinir a senha. Use "Esqueci minha senha".',
  UserNotConfirmedException: 'O cadastro deste usuário ainda não foi confirmado.',
  OAuthSignOutException: 'A saída da conta corporativa falhou.',
};

export const FALLBACK_MESSAGE = 'Não foi possível concluir a operação. Tente novamente.';

export interface TranslatedError {
  /** Portuguese text for the user. */
  message: string;
  /** The provider's original message. */
  original: string;
  /** Error name / exception type. */
  name: string;
}

function parts(err: unknown): { name: string; message: string } {
  if (typeof err === 'string') return { name: 'Error', message: err };
  if (err && typeof err === 'object') {
    const e = err as { name?: unknown; message?: unknown; __type?: unknown };
    return {
      name: String(e.name ?? e.__type ?? 'Error'),
      message: typeof e.message === 'string' ? e.message : '',
    };
  }
  return { name: 'Error', message: '' };
}

/** Portuguese text for a provider message (no logging). */
export function toPortuguese(message: string, name = ''): string {
  const m = (message ?? '').trim();
  if (EXACT[m]) return EXACT[m];
  // Already Portuguese, from the portal's own checks: shown as they are (they say how long to wait, which address to use).
  if (PORTUGUESE.some((re) => re.test(m))) return m;
  // Section 8 device errors: InvalidParameterException is a device-configuration error only for device calls;
  // other InvalidParameterExceptions keep their own text when it is known.
  for (const [re, text] of PATTERNS) if (re.test(m)) return text;
  if (name && BY_NAME[name]) return BY_NAME[name];
  return FALLBACK_MESSAGE;
}

/** Translates an error and logs the original with console.warn. */
export function translateAuthError(err: unknown, context?: string): TranslatedError {
  const { name, message } = parts(err);
  const out = { message: toPortuguese(message, name), original: message, name };
  console.warn(`[auth]${context ? ` ${context}:` : ''} ${name}: ${message}`);
  return out;
}

/** Whether an error (or message) means the session is no longer valid (docs/specification.md §8). */
export function isInvalidSessionError(err: unknown): boolean {
  const { message } = parts(err);
  return (INVALID_SESSION_MESSAGES as readonly string[]).includes(message.trim());
}

/** An Error whose message is the Portuguese text; name and original are kept. */
export class PortugueseAuthError extends Error {
  constructor(
    message: string,
    readonly original: string,
    readonly code: string,
  ) {
    super(message);
    this.name = code;
  }
  static from(err: unknown, context?: string): PortugueseAuthError {
    if (err instanceof PortugueseAuthError) return err;
    const t = translateAuthError(err, context);
    return new PortugueseAuthError(t.message, t.original, t.name);
  }
}
