import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureHeader, signPayload, verifySignature } from './signature';

describe('webhook signature', () => {
  const body = JSON.stringify({ evento: 'ping' });

  it('is the hex HMAC-SHA256 of "<timestamp>.<body>"', () => {
    const hex = createHmac('sha256', 'segredo').update(`1700000000.${body}`).digest('hex');
    expect(signPayload('segredo', 1700000000, body)).toBe(`v1=${hex}`);
  });

  it('verifies with the current or the previous secret during a rotation', () => {
    const header = signatureHeader(['novo', 'antigo'], 1700000000, body);
    expect(header.split(',')).toHaveLength(2);
    expect(verifySignature('novo', 1700000000, body, header)).toBe(true);
    expect(verifySignature('antigo', 1700000000, body, header)).toBe(true);
    expect(verifySignature('outro', 1700000000, body, header)).toBe(false);
    expect(verifySignature('novo', 1700000001, body, header)).toBe(false);
  });
});
