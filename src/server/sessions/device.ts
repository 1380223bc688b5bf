/**
 * What the "Sessões ativas" card shows of a session (issue 35): the device in words, from the
 * browser's `User-Agent` ("Chrome no Windows", "Safari no iPhone"), and the place, from the
 * address: "Rede local" for private, loopback and link-local ranges, otherwise the address itself
 * (no geographic lookup: no address leaves the portal).
 */
import { isIP } from 'node:net';

/** Browsers, most specific first (Edge and Opera say "Chrome" too, Chrome says "Safari"). */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bMobile\/\w+\b(?!.*Safari)/, 'Safari'], // a web view on iOS (an app's own browser)
  [/\bMSIE |\bTrident\//, 'Internet Explorer'],
];

/** Systems, most specific first (an iPad may say "Macintosh"; Android says "Linux"). */
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\biPod\b/, 'iPod'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (list: [RegExp, string][], ua: string) => list.find(([re]) => re.test(ua))?.[1];

/** "Chrome no Windows", "Safari no iPhone", "Navegador no Android", "curl", or "Dispositivo desconhecido". */
export function deviceName(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').trim();
  if (!ua) return 'Dispositivo desconhecido';
  const browser = first(BROWSERS, ua);
  const system = first(SYSTEMS, ua);
  if (browser && system) return `${browser} no ${system}`;
  if (browser) return browser;
  if (system) return `Navegador no ${system}`;
  // Not a browser (a script, an integration): its first product name, e.g. "curl/8.5.0" → "curl".
  const product = /^([A-Za-z][\w.-]{0,40})(\/|\s|$)/.exec(ua)?.[1];
  return product && product !== 'Mozilla' ? product : 'Dispositivo desconhecido';
}

const v4Parts = (ip: string) => ip.split('.').map(Number);

function privateV4(ip: string): boolean {
  const [a, b] = v4Parts(ip);
  return (
    a === 10 ||
    a === 127 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) || // link-local
    a === 0
  );
}

/** Whether the address is of a private network (RFC 1918, loopback, link-local, IPv6 unique-local). */
export function isPrivateAddress(address: string | null | undefined): boolean {
  const ip = (address ?? '').trim().toLowerCase();
  const kind = isIP(ip);
  if (kind === 4) return privateV4(ip);
  if (kind !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return privateV4(mapped[1]);
  return ip === '::1' || ip === '::' || /^f[cd][0-9a-f]{2}:/.test(ip) || /^fe[89ab][0-9a-f]:/.test(ip);
}

/** The session's place: "Rede local", the address, or "Local desconhecido". */
export function placeName(address: string | null | undefined): string {
  const ip = (address ?? '').trim();
  if (!ip) return 'Local desconhecido';
  return isPrivateAddress(ip) ? 'Rede local' : ip;
}
