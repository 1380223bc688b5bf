/**
 * The e-mails of the site-people screen, queued in the caller's transaction (src/server/mail):
 * the invitation of a new client (portal address, e-mail and temporary password; the first sign-in
 * asks for a new password) and the notice to someone who already has an account and gains a site.
 */
import type { Db } from '../db/connect';
import { enqueueMail } from '../mail/queue';
import { serverConfig } from '../config';

export interface SiteRef {
  id: string;
  nome: string | null;
}

export const siteText = (site: SiteRef) => (site.nome ? `${site.id} – ${site.nome}` : site.id);

const FOOTER = ['', 'Mensagem automática do Portal. Não responda.'];

export async function queueInvitation(
  trx: Db,
  to: { email: string; nome: string },
  site: SiteRef,
  temporaryPassword: string,
  actor: { email: string; name: string },
): Promise<void> {
  const url = serverConfig().publicUrl;
  const who = actor.name || actor.email;
  const lines = [
    `Olá, ${to.nome},`,
    '',
    `${who} deu a você acesso ao Portal, na obra ${siteText(site)}.`,
    '',
    'Para entrar:',
    `1. Abra ${url}/login`,
    `2. Informe o e-mail: ${to.email}`,
    `3. Use a senha temporária: ${temporaryPassword}`,
    '4. No primeiro acesso, o portal pede uma nova senha, só sua: no mínimo 8 caracteres, com letra maiúscula, letra minúscula, número e símbolo.',
    '',
    `A senha temporária vale só para o primeiro acesso. Em caso de dúvida, fale com ${who} (${actor.email}).`,
    ...FOOTER,
  ];
  await enqueueMail(trx, {
    to: [to.email],
    subject: `[Portal] Seu acesso ao Portal: obra ${site.id}`,
    text: lines.join('\n'),
    ref: `obras/${site.id}/usuarios`,
  });
}

export async function queueSiteNotice(
  trx: Db,
  to: { email: string; nome: string },
  site: SiteRef,
  /** The site's page in the portal, e.g. `/obras/103`. */
  path: string,
  actor: { email: string; name: string },
): Promise<void> {
  const url = serverConfig().publicUrl;
  const lines = [
    `Olá, ${to.nome},`,
    '',
    `${actor.name || actor.email} deu a você acesso à obra ${siteText(site)} no Portal.`,
    '',
    `Abrir a obra: ${url}${path}`,
    ...FOOTER,
  ];
  await enqueueMail(trx, {
    to: [to.email],
    subject: `[Portal] Acesso à obra ${site.id}`,
    text: lines.join('\n'),
    ref: `obras/${site.id}/usuarios`,
  });
}
