import { describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS, WEBHOOK_OTHER_EVENTS, WEBHOOK_RECORD_EVENTS } from '../../../resources/webhooks';
import { SCHEMAS } from '../../../schemas';
import { openApiDocument } from './document';

describe('OpenAPI webhooks section', () => {
  it('describes every event of the catalogue with its signature headers and payload', () => {
    const doc = openApiDocument(SCHEMAS, 'teste') as { webhooks: Record<string, { post: Record<string, never> }> };
    const names = Object.keys(doc.webhooks);
    for (const suffix of Object.keys(WEBHOOK_RECORD_EVENTS)) expect(names).toContain(`<recurso>.${suffix}`);
    for (const name of Object.keys(WEBHOOK_OTHER_EVENTS)) expect(names).toContain(name);
    expect(names).toContain('<recurso>.transicao.<nome>');
    for (const name of names) {
      const post = doc.webhooks[name].post as unknown as {
        parameters: { name: string; in: string }[];
        requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
      };
      expect(post.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(Object.values(WEBHOOK_HEADERS).map((h) => `header:${h}`));
      expect(post.requestBody.content['application/json'].schema.required).toEqual(['id', 'evento', 'em', 'ator', 'recurso', 'registro']);
    }
  });
});
