/**
 * The webhooks' SSRF guard (issue 41): a delivery address must be `https:` (plain `http:` only
 * when `WEBHOOK_ALLOW_HTTP=1`, for tests and development) and every address its host resolves to
 * must be public: private, loopback, link-local, CGNAT, multicast, unspecified, reserved and the
 * cloud metadata addresses are refused unless a range of `WEBHOOK_ALLOWED_CIDRS` (comma-separated
 * CIDRs) contains it. The caller connects to the checked address (`lookupChecked`), so a second DNS
 * answer cannot switch it. The name is resolved again at every check (subscription and each delivery):
 * a name that pointed to a public address when subscribed and to 127.0.0.1 later (DNS rebinding) is
 * refused when it is delivered to.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** IPv4 ranges no delivery may reach. */
const BLOCKED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // unspecified / "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, metadata 169.254.169.254 included
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast included
];

/** IPv6 ranges no delivery may reach (IPv4-mapped addresses are checked as IPv4). */
const BLOCKED_V6: Array<[string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (embeds IPv4)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local, metadata fd00:ec2::254 included
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
];

const blocked = new BlockList();
for (const [net, prefix] of BLOCKED_V4) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of BLOCKED_V6) blocked.addSubnet(net, prefix, 'ipv6');

/** Every address a host name resolves to (the system's resolver, node:dns `lookup`, by default). */
export type ResolveHost = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** The guard's settings, from the environment by default. */
export interface SsrfOptions {
  allowHttp: boolean;
  /** CIDRs an administrator allowed (on-premises systems). */
  allowedCidrs: string[];
  /** How a host name is resolved (default: the system's resolver); tests give their own DNS answers. */
  resolve?: ResolveHost;
}

export function ssrfOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SsrfOptions {
  return {
    allowHttp: env.WEBHOOK_ALLOW_HTTP === '1' || env.WEBHOOK_ALLOW_HTTP === 'true',
    allowedCidrs: (env.WEBHOOK_ALLOWED_CIDRS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

/** A BlockList of the allowed CIDRs; an invalid entry is ignored. */
function allowList(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [net, bits] = cidr.split('/');
    const family = isIP(net);
    if (!family) continue;
    const max = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) continue;
    list.addSubnet(net, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`), else null. */
function mappedV4(address: string): string | null {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return m ? m[1] : null;
}

/** Whether a literal address may be reached under `options`. */
export function isAddressAllowed(address: string, options: SsrfOptions): boolean {
  const v4 = mappedV4(address);
  const addr = v4 ?? address;
  const family = isIP(addr);
  if (!family) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (allowList(options.allowedCidrs).check(addr, type)) return true;
  return !blocked.check(addr, type);
}

/** Why an address is refused, in pt-BR, or null when it may be used. */
export async function checkWebhookUrl(raw: string, options: SsrfOptions): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Informe um endereço válido.';
  }
  if (url.protocol !== 'https:' && !(options.allowHttp && url.protocol === 'http:')) {
    return 'O endereço deve usar HTTPS.';
  }
  if (url.username || url.password) return 'O endereço não pode conter usuário ou senha.';
  try {
    await lookupChecked(url.hostname, options);
    return null;
  } catch (error) {
    return error instanceof SsrfError ? error.message : 'Não foi possível resolver o endereço.';
  }
}

/** A refusal of the guard (its message is pt-BR). */
export class SsrfError extends Error {}

/** The host's addresses, all of them checked; the first one to connect to. */
export async function lookupChecked(hostname: string, options: SsrfOptions): Promise<{ address: string; family: number }> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await (options.resolve ?? systemResolver)(host).catch(() => {
        throw new SsrfError('Não foi possível resolver o endereço.');
      });
  if (addresses.length === 0) throw new SsrfError('Não foi possível resolver o endereço.');
  if (addresses.some((a) => !isAddressAllowed(a.address, options))) {
    throw new SsrfError('O endereço aponta para uma rede privada ou reservada, que não é permitida.');
  }
  return addresses[0];
}
