/**
 * The portal's e-mail template: one small, accessible HTML page (inline styles, layout tables
 * marked `role="presentation"`, real text, buttons as links with visible labels and enough
 * contrast) and the plain-text part that says the same. Every value is escaped here: callers pass
 * plain text, never markup.
 */

export interface MailButton {
  label: string;
  url: string;
  /** `primary` (filled), `danger` (red outline) or `default` (outline). */
  tone?: 'primary' | 'danger' | 'default';
}

export interface MailLayout {
  /** Hidden first line shown by mail programs in the message list. */
  preheader?: string;
  heading: string;
  /** Paragraphs before the summary. */
  intro: string[];
  /** Label → value rows of the record's summary. */
  rows?: [string, string][];
  /** A highlighted line (e.g. the due date); `late` shows it in red. */
  due?: { label: string; late?: boolean };
  /** A quoted comment and who wrote it. */
  comment?: { author: string; text: string };
  /** Short note above the buttons. */
  actionsNote?: string;
  buttons?: MailButton[];
  /** Plain links after the buttons ("Abrir no portal"…). */
  links?: { label: string; url: string }[];
  /** A list of items (the daily digest): title line, detail line and link. */
  items?: { title: string; detail?: string; url?: string; late?: boolean }[];
  footer: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text → HTML text (also safe inside a double- or single-quoted attribute). */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Only http(s) links are written into the message; anything else becomes "#". */
function safeUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? escapeHtml(url) : '#';
}

/** Line breaks of a text kept as <br>. */
const multiline = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const BUTTON_STYLE: Record<NonNullable<MailButton['tone']>, string> = {
  primary: 'background:#0b57d0;color:#ffffff;border:2px solid #0b57d0',
  danger: 'background:#ffffff;color:#b3261e;border:2px solid #b3261e',
  default: 'background:#ffffff;color:#0b57d0;border:2px solid #0b57d0',
};

export function renderMailHtml(m: MailLayout): string {
  const p = (html: string, style = '') => `<p style="margin:0 0 12px;${style}">${html}</p>`;
  const parts: string[] = [];
  parts.push(`<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:#1f1f1f">${escapeHtml(m.heading)}</h1>`);
  for (const line of m.intro) parts.push(p(multiline(line)));
  if (m.rows?.length) {
    const rows = m.rows
      .map(
        ([label, value]) =>
          `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:#444746;font-weight:600;white-space:nowrap">${escapeHtml(label)}</th>` +
          `<td style="vertical-align:top;padding:6px 0;color:#1f1f1f">${multiline(value)}</td></tr>`,
      )
      .join('');
    parts.push(
      `<table role="table" aria-label="Resumo do registro" style="border-collapse:collapse;width:100%;margin:0 0 16px;font-size:14px;border-top:1px solid #e3e3e3;border-bottom:1px solid #e3e3e3">${rows}</table>`,
    );
  }
  if (m.due) {
    const colour = m.due.late ? '#b3261e' : '#1f1f1f';
    parts.push(p(`<strong style="color:${colour}">${escapeHtml(m.due.label)}</strong>`));
  }
  if (m.comment) {
    parts.push(
      `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #c4c7c5;background:#f8f9fa;color:#1f1f1f">` +
        `<p style="margin:0 0 4px;font-size:13px;color:#444746">Comentário de ${escapeHtml(m.comment.author)}:</p>` +
        `<p style="margin:0">${multiline(m.comment.text)}</p></blockquote>`,
    );
  }
  if (m.items?.length) {
    const items = m.items
      .map((it) => {
        const title = it.url
          ? `<a href="${safeUrl(it.url)}" style="color:#0b57d0;font-weight:600">${escapeHtml(it.title)}</a>`
          : `<strong>${escapeHtml(it.title)}</strong>`;
        const detail = it.detail ? `<br><span style="font-size:13px;color:${it.late ? '#b3261e' : '#444746'}">${escapeHtml(it.detail)}</span>` : '';
        return `<li style="margin:0 0 10px">${title}${detail}</li>`;
      })
      .join('');
    parts.push(`<ul style="margin:0 0 16px;padding-left:20px">${items}</ul>`);
  }
  if (m.buttons?.length) {
    if (m.actionsNote) parts.push(p(escapeHtml(m.actionsNote), 'font-size:14px;color:#444746'));
    const buttons = m.buttons
      .map(
        (b) =>
          `<a href="${safeUrl(b.url)}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 18px;border-radius:6px;font-size:15px;font-weight:600;text-decoration:none;${BUTTON_STYLE[b.tone ?? 'default']}">${escapeHtml(b.label)}</a>`,
      )
      .join('');
    parts.push(`<div style="margin:0 0 8px">${buttons}</div>`);
  }
  if (m.links?.length) {
    parts.push(p(m.links.map((l) => `<a href="${safeUrl(l.url)}" style="color:#0b57d0">${escapeHtml(l.label)}</a>`).join(' &middot; ')));
  }
  const preheader = m.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all" aria-hidden="true">${escapeHtml(m.preheader)}</div>`
    : '';
  return [
    '<!DOCTYPE html>',
    '<html lang="pt-BR">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(m.heading)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f0f2f5;${FONT}">`,
    preheader,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f0f2f5">',
    '<tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">',
    `<tr><td style="padding:16px 24px;border-bottom:1px solid #e3e3e3;font-size:14px;font-weight:700;color:#0b57d0">Portal</td></tr>`,
    `<tr><td style="padding:24px;font-size:15px;line-height:1.5;color:#1f1f1f">${parts.join('')}</td></tr>`,
    `<tr><td style="padding:16px 24px;border-top:1px solid #e3e3e3;font-size:12px;line-height:1.5;color:#5f6368">${multiline(m.footer)}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}

/** The same content as plain text (the message's text/plain part). */
export function renderMailText(m: MailLayout): string {
  const out: string[] = [m.heading, ''];
  for (const line of m.intro) out.push(line, '');
  if (m.rows?.length) {
    for (const [label, value] of m.rows) out.push(`${label}: ${value}`);
    out.push('');
  }
  if (m.due) out.push(m.due.label, '');
  if (m.comment) out.push(`Comentário de ${m.comment.author}:`, m.comment.text, '');
  if (m.items?.length) {
    for (const it of m.items) {
      out.push(`- ${it.title}`);
      if (it.detail) out.push(`  ${it.detail}`);
      if (it.url) out.push(`  ${it.url}`);
    }
    out.push('');
  }
  if (m.buttons?.length) {
    if (m.actionsNote) out.push(m.actionsNote);
    for (const b of m.buttons) out.push(`${b.label}: ${b.url}`);
    out.push('');
  }
  for (const l of m.links ?? []) out.push(`${l.label}: ${l.url}`);
  if (m.links?.length) out.push('');
  out.push(m.footer);
  return out.join('\n');
}
