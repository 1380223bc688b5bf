// Engineering's side of a document approval, for the scenarios where the client approves (24, 35).
import assert from 'node:assert/strict';
import { apiSend } from './helpers.mjs';

/** The designer of the demo documents. */
export const PROJETISTA = 'projetista@portal.local';

/** A document of site 101 sent for the client's approval (PAP) by the page's signed-in designer; its id. */
export async function sentDoc(page, titulo, codigo) {
  const created = await apiSend(page, 'POST', '/api/v1/projetos', {
    codigo,
    titulo,
    obra: '101',
    categoria: 'Executivo',
    revisao: '0',
    projetista: { mail: PROJETISTA },
    arquivos: [{ key: `demo/testes/${codigo}.pdf`, name: `${codigo}.pdf`, size: 1000, type: 'application/pdf' }],
  });
  assert.equal(created.status, 201, `documento não criado: ${JSON.stringify(created.body)}`);
  const sent = await apiSend(page, 'POST', `/api/v1/projetos/${created.body.id}/transitions/enviar-cliente`, { version: created.body.version });
  assert.equal(sent.status, 200, `documento não enviado: ${JSON.stringify(sent.body)}`);
  return created.body.id;
}
