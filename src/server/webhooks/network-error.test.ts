import { describe, expect, it } from 'vitest';
import { networkErrorText } from './delivery';

const err = (code: string | undefined, message: string) => Object.assign(new Error(message), code ? { code } : {});

describe("a failed delivery's reason", () => {
  it('is pt-BR for the usual network and certificate failures, with the code', () => {
    expect(networkErrorText(err('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.1:443'))).toBe('O destino recusou a conexão. (ECONNREFUSED)');
    expect(networkErrorText(err('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames"))).toBe(
      'O certificado HTTPS do destino não vale para este endereço. (ERR_TLS_CERT_ALTNAME_INVALID)',
    );
  });

  it("keeps the guard's own pt-BR refusals as they are", () => {
    expect(networkErrorText(err(undefined, 'O endereço aponta para uma rede privada ou reservada, que não é permitida.'))).toBe(
      'O endereço aponta para uma rede privada ou reservada, que não é permitida.',
    );
  });
});
