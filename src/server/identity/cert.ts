/** Self-signed TLS certificate for the local hosted sign-in, generated once under `${dataDir}/idp-cert`. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { generate } from 'selfsigned';

export interface TlsMaterial {
  key: string;
  cert: string;
  certPath: string;
}

function covers(certPem: string, host: string): boolean {
  try {
    const x = new X509Certificate(certPem);
    if (new Date(x.validTo).getTime() < Date.now() + 24 * 3600 * 1000) return false;
    return x.checkHost(host) !== undefined || x.checkIP(host) !== undefined;
  } catch {
    return false;
  }
}

export async function ensureCertificate(dataDir: string, host: string): Promise<TlsMaterial> {
  const dir = path.join(dataDir, 'idp-cert');
  const keyPath = path.join(dir, 'key.pem');
  const certPath = path.join(dir, 'cert.pem');
  if (existsSync(keyPath) && existsSync(certPath)) {
    const cert = readFileSync(certPath, 'utf8');
    if (covers(cert, host)) return { key: readFileSync(keyPath, 'utf8'), cert, certPath };
  }
  mkdirSync(dir, { recursive: true });
  const names = new Set(['localhost', host]);
  const ips = new Set(['127.0.0.1', '::1']);
  for (const n of [...names]) {
    if (!isIP(n)) continue;
    names.delete(n);
    ips.add(n);
  }
  const notAfter = new Date();
  notAfter.setDate(notAfter.getDate() + 365);
  const pems = await generate([{ name: 'commonName', value: isIP(host) ? 'localhost' : host }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [...[...names].map((value) => ({ type: 2 as const, value })), ...[...ips].map((ip) => ({ type: 7 as const, ip }))],
      },
    ],
  });
  writeFileSync(keyPath, pems.private, { mode: 0o600 });
  writeFileSync(certPath, pems.cert);
  return { key: pems.private, cert: pems.cert, certPath };
}
