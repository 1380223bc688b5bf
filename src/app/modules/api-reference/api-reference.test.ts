import { describe, expect, it } from 'vitest';
import { resourcesOf } from './api-reference';

/** A document with one resource whose record has a person (a direct `$ref`, 3.1 style) and a server-filled date. */
const doc = {
  tags: [{ name: 'Diários', description: 'RDO' }],
  components: {
    schemas: {
      Pessoa: { type: 'object', properties: { mail: { type: 'string' } } },
      Diario: {
        type: 'object',
        properties: {
          siteManager: { anyOf: [{ $ref: '#/components/schemas/Pessoa', description: 'Quem assina' }, { type: 'null' }], title: 'Site manager' },
          fiscal: { allOf: [{ $ref: '#/components/schemas/Pessoa' }], title: 'Fiscal' },
          data: { type: 'string', format: 'date', title: 'Data', 'x-default': 'hoje (data do servidor)' },
        },
      },
    },
  },
  paths: {
    '/diarios': {
      get: {
        tags: ['Diários'],
        operationId: 'listarDiarios',
        responses: { 200: { content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Diario' } } } } } },
      },
    },
  },
};

describe('API reference of a resource', () => {
  it('names the shared schema a field refers to, directly or through allOf, and says what the server fills', () => {
    const [diarios] = resourcesOf(doc);
    const byName = Object.fromEntries(diarios.fields.map((f) => [f.name, f]));
    expect(byName.siteManager.type).toBe('Pessoa');
    expect(byName.fiscal.type).toBe('Pessoa');
    expect(byName.data.type).toBe('string (date)');
    expect(byName.data.rules).toContain('padrão: hoje (data do servidor)');
  });
});
