/**
 * Notifications (issue 41): what a person may be told about, on which channel, and the contracts of
 * `GET/PUT /api/v1/preferencias` and `/api/v1/push/...` as the server answers and the profile reads
 * them (server: src/server/notifications; app: src/app/modules/preferencias, src/app/pwa/push.ts).
 */

/** The kinds of notice a person chooses channels for. */
export const NOTICE_KINDS = ['pendencia', 'sla', 'respostaCliente', 'documento'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The channels: an e-mail at once, a push notification to the person's devices, the daily digest. */
export const NOTICE_CHANNELS = ['email', 'push', 'resumo'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

export type NoticeChannels = Record<NoticeChannel, boolean>;
export type NotificationPreferences = Record<NoticeKind, NoticeChannels>;

/** pt-BR names and explanations of the kinds, in the order the profile lists them. */
export const NOTICE_KIND_INFO: Record<NoticeKind, { label: string; help: string }> = {
  pendencia: {
    label: 'Novas pendências',
    help: 'Um registro chegou para você agir (Minhas pendências) ou mudou de situação.',
  },
  sla: { label: 'Prazos de SLA', help: 'Lembretes de prazo perto do fim (também o fim da vigência de apólices), prazos vencidos e escalonamentos.' },
  respostaCliente: { label: 'Respostas de clientes', help: 'O cliente respondeu em um ticket de pós-venda pelo qual você responde.' },
  documento: { label: 'Documentos aprovados ou reprovados', help: 'O cliente aprovou, aprovou com comentários ou reprovou um documento seu.' },
};

export const NOTICE_CHANNEL_LABELS: Record<NoticeChannel, string> = {
  email: 'E-mail',
  push: 'Notificação no aparelho',
  resumo: 'Resumo diário',
};

/**
 * The defaults of a person who never changed them: e-mail and push for every kind (push reaches only
 * the devices where the person turned notifications on), and in the daily digest their pending items.
 */
export const DEFAULT_NOTIFICATIONS: NotificationPreferences = {
  pendencia: { email: true, push: true, resumo: true },
  sla: { email: true, push: true, resumo: false },
  respostaCliente: { email: true, push: true, resumo: false },
  documento: { email: true, push: true, resumo: false },
};

/** `GET /api/v1/preferencias`. `resumoDiario` is `notificacoes.pendencia.resumo` (kept for older clients). */
export interface Preferences {
  resumoDiario: boolean;
  notificacoes: NotificationPreferences;
}

/** `PUT /api/v1/preferencias`: any of the keys; in `notificacoes`, any kind and channel. */
export interface PreferencesChange {
  resumoDiario?: boolean;
  notificacoes?: Partial<Record<NoticeKind, Partial<NoticeChannels>>>;
}

/** `GET /api/v1/push/chave`: the server's VAPID public key (base64url), the `applicationServerKey`. */
export interface PushKey {
  chavePublica: string;
}

/** `POST /api/v1/push/assinaturas`: the browser's `PushSubscription.toJSON()` and a name for the device. */
export interface PushSubscriptionBody {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
  aparelho?: string;
}

/** One of the person's devices (`GET /api/v1/push/assinaturas`). */
export interface PushDevice {
  id: number;
  /** The device as the browser described itself ("Chrome no Android"). */
  aparelho: string;
  /** The push service's host (fcm.googleapis.com…). */
  servico: string;
  /** The subscription's endpoint: the app finds "this device" by it. */
  endpoint: string;
  criadoEm: string;
  ultimoEnvioEm: string | null;
}

/** What a push message carries (JSON, encrypted to the device), read by the service worker. */
export interface PushPayload {
  title: string;
  body: string;
  /** The record's path in the portal ("/contratos/show/12"), opened on a tap. */
  url: string;
  kind: NoticeKind;
  /** Notices with one tag replace each other on the device (one per record). */
  tag?: string;
}
