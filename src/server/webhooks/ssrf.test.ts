import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isAddressAllowed, lookupChecked, type ResolveHost } from './ssrf';

const strict = { allowHttp: false, allowedCidrs: [] };

describe('webhook SSRF guard', () => {
  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '127.0.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '224.0.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
  ])('refuses %s', (address) => {
    expect(isAddressAllowed(address, strict)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])('allows %s', (address) => {
    expect(isAddressAllowed(address, strict)).toBe(true);
  });

  it('allows a range an administrator configured', () => {
    expect(isAddressAllowed('10.0.5.9', { allowHttp: false, allowedCidrs: ['10.0.5.0/24'] })).toBe(true);
    expect(isAddressAllowed('10.0.6.9', { allowHttp: false, allowedCidrs: ['10.0.5.0/24'] })).toBe(false);
  });

  it('requires https unless http is allowed', async () => {
    expect(await checkWebhookUrl('http://8.8.8.8/x', strict)).toBe('O endereço deve usar HTTPS.');
    expect(await checkWebhookUrl('http://8.8.8.8/x', { ...strict, allowHttp: true })).toBeNull();
    expect(await checkWebhookUrl('https://8.8.8.8/x', strict)).toBeNull();
  });

  it('refuses a name resolving to loopback', async () => {
    expect(await checkWebhookUrl('https://localhost/x', strict)).toMatch(/rede privada/);
    expect(await checkWebhookUrl('https://localhost/x', { ...strict, allowedCidrs: ['127.0.0.0/8', '::1/128'] })).toBeNull();
  });

  it('resolves the name again at every check and refuses it when any of its addresses is private', async () => {
    const answers = [['93.184.216.34'], ['93.184.216.34', '127.0.0.1'], ['169.254.169.254']];
    const asked: string[] = [];
    const resolve: ResolveHost = async (hostname) => {
      asked.push(hostname);
      return answers.shift()!.map((address) => ({ address, family: 4 }));
    };
    const options = { ...strict, resolve };
    expect(await checkWebhookUrl('https://ganchos.erp-exemplo.com.br/x', options)).toBeNull();
    await expect(lookupChecked('ganchos.erp-exemplo.com.br', options)).rejects.toThrow(/rede privada/); // one public, one loopback
    expect(await checkWebhookUrl('https://ganchos.erp-exemplo.com.br/x', options)).toMatch(/rede privada/); // now the metadata address
    expect(asked).toEqual(['ganchos.erp-exemplo.com.br', 'ganchos.erp-exemplo.com.br', 'ganchos.erp-exemplo.com.br']);
  });
});
