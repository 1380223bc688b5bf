/**
 * The pins' icons as small white bitmaps (PNG data URLs drawn once per kind on a canvas from antd's
 * icon definitions, the same drawings as the antd icons), painted as the pin's background image.
 * 500 inline SVG icons were the cost of a gesture over a sheet (`npm run bench:plantas`): each frame
 * of a pinch repainted and re-layered them, one transform node each; a bitmap background is one
 * drawing operation that the pin layer's picture keeps. Where there is no canvas (jsdom) there is no
 * bitmap and the pin shows the antd icon element instead (pin-marker.tsx).
 */
import AlertOutlined from '@ant-design/icons-svg/es/asn/AlertOutlined';
import BookOutlined from '@ant-design/icons-svg/es/asn/BookOutlined';
import CheckSquareOutlined from '@ant-design/icons-svg/es/asn/CheckSquareOutlined';
import ExclamationCircleOutlined from '@ant-design/icons-svg/es/asn/ExclamationCircleOutlined';
import ToolOutlined from '@ant-design/icons-svg/es/asn/ToolOutlined';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';

/** The icon of each kind of pin (by its API resource); others get the exclamation mark. */
export const PIN_ICON_DEFS: Record<string, IconDefinition> = {
  'itens-verificacao': CheckSquareOutlined,
  'tickets-sgi': AlertOutlined,
  'os-field': ToolOutlined,
  'os-automacao': ToolOutlined,
  'checklists-field': ExclamationCircleOutlined,
  'checklists-automacao': ExclamationCircleOutlined,
  diarios: BookOutlined,
};
export const FALLBACK_ICON = ExclamationCircleOutlined;

/** The icon's size on the pin, in CSS pixels. */
export const PIN_ICON_PX = 16;

const paths = (n: AbstractNode): string[] => [...(n.tag === 'path' && n.attrs.d ? [n.attrs.d] : []), ...(n.children ?? []).flatMap(paths)];

/** Bitmaps by icon name and pixel size (a handful for the page's life). */
const drawn = new Map<string, string | null>();

/** The icon of `recurso` as a white PNG data URL for this screen's pixel density, or undefined without a canvas. */
export function pinIconUrl(recurso: string): string | undefined {
  const def = PIN_ICON_DEFS[recurso] ?? FALLBACK_ICON;
  if (typeof document === 'undefined' || typeof Path2D === 'undefined' || typeof def.icon === 'function') return undefined;
  const px = Math.ceil(PIN_ICON_PX * Math.min(4, Math.max(2, window.devicePixelRatio || 1)));
  const key = `${def.name}@${px}`;
  if (!drawn.has(key)) drawn.set(key, draw(def.icon, px));
  return drawn.get(key) ?? undefined;
}

function draw(icon: AbstractNode, px: number): string | null {
  const [x, y, w, h] = (icon.attrs.viewBox ?? '0 0 1024 1024').split(/\s+/).map(Number);
  const canvas = document.createElement('canvas');
  canvas.width = px;
  canvas.height = px;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.scale(px / w, px / h);
  ctx.translate(-x, -y);
  ctx.fillStyle = '#fff';
  for (const d of paths(icon)) ctx.fill(new Path2D(d));
  try {
    return canvas.toDataURL('image/png');
  } catch {
    return null;
  }
}
