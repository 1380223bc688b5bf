/** OpenAPI of the photo markup (src/server/storage/markup.ts, issue 42): POST and GET /arquivos/{key}/marcacao. */
import { MARKUP_COLORS, MARKUP_LIMITS, MARKUP_TOOLS } from '../../../schemas/shared/photo-markup';
import { MARKUP_MAX_SIDE } from '../storage/markup';
import { responseRef as r } from './components';
import { ref, type JsonSchema } from './field-schemas';

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const unit = { type: 'number', minimum: 0, maximum: 1 };

/** The drawing kept with a marked-up copy. */
export const MARKUP_DRAWING: JsonSchema = {
  type: 'object',
  required: ['formas'],
  properties: {
    formas: {
      type: 'array',
      minItems: 1,
      maxItems: MARKUP_LIMITS.shapes,
      items: {
        type: 'object',
        required: ['tipo', 'cor', 'pontos'],
        properties: {
          tipo: { type: 'string', enum: [...MARKUP_TOOLS] },
          cor: { type: 'string', enum: MARKUP_COLORS.map((c) => c.value), description: MARKUP_COLORS.map((c) => `${c.value}: ${c.label}`).join('; ') },
          pontos: {
            type: 'array',
            minItems: 1,
            maxItems: MARKUP_LIMITS.freehandPoints,
            items: { type: 'array', minItems: 2, maxItems: 2, items: unit },
            description:
              'Pontos [x, y] de 0 a 1 sobre a foto (origem no canto superior esquerdo): dois para seta, círculo e retângulo (início e fim; ' +
              `o círculo e o retângulo ocupam a caixa entre eles), um para texto, de 2 a ${MARKUP_LIMITS.freehandPoints} para o traço livre.`,
          },
          texto: { type: 'string', minLength: 1, maxLength: MARKUP_LIMITS.text, description: 'Só em `texto`.' },
        },
      },
    },
  },
};

/** GET /arquivos/{key}/marcacao: the drawing of a marked-up copy. */
export const MARKUP_READ: JsonSchema = {
  type: 'object',
  required: ['key', 'original', 'originalUrl', 'desenho', 'criadoPor', 'criadoEm'],
  properties: {
    key: { type: 'string', description: 'A cópia marcada.' },
    original: { type: 'string', description: 'A foto sem marcação de que a cópia foi feita.' },
    originalUrl: { type: 'string' },
    anterior: { type: 'string', description: 'A cópia marcada de que esta versão foi feita, quando houver.' },
    desenho: MARKUP_DRAWING,
    criadoPor: { type: 'string' },
    criadoEm: { type: 'string', format: 'date-time' },
  },
};

/** POST /arquivos/{key}/marcacao (Hono's `/arquivos/*`: the key holds slashes). */
export function markupPost(): JsonSchema {
  return {
    tags: ['Arquivos'],
    operationId: 'marcarFoto',
    summary: 'Guarda uma cópia marcada de uma foto (POST /arquivos/{key}/marcacao)',
    description:
      'O caminho é a `key` da foto seguida de `/marcacao`. Em multipart/form-data: `file`, a imagem já desenhada (PNG ou JPEG, até ' +
      `\`MARCACAO_MAX_MB\`, padrão 10 MB, e ${MARKUP_MAX_SIDE} pixels por lado), e \`desenho\`, o JSON das formas (até ` +
      `${MARKUP_LIMITS.jsonChars.toLocaleString('pt-BR')} caracteres). A foto original nunca é alterada: a cópia é um arquivo novo, ligado à original, ` +
      'e o desenho fica guardado para ser editado de novo (GET no mesmo endereço). Marcar uma cópia marcada cria outra versão sobre a mesma original. ' +
      'Exige poder ver a foto e alterar (ou enviar arquivos a) um registro que a guarda. Como num envio, a cópia passa a valer quando o objeto ' +
      'devolvido é gravado no campo do registro, ao lado da original. Em qualquer erro nada é guardado.',
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file', 'desenho'],
            properties: {
              file: { type: 'string', format: 'binary', description: 'A foto com o desenho, na resolução da original.' },
              desenho: { type: 'string', description: 'JSON: `{ "formas": [...] }`, conforme o esquema `desenho` de GET /arquivos/{key}/marcacao.' },
            },
          },
        },
      },
    },
    responses: {
      201: {
        description: 'A cópia marcada guardada: grave este objeto no campo de imagens do registro.',
        content: json({
          allOf: [
            ref('Arquivo'),
            {
              type: 'object',
              required: ['key', 'name', 'size', 'type', 'url', 'original'],
              properties: {
                thumbUrl: { type: 'string' },
                original: { type: 'string', description: 'A foto sem marcação.' },
                anterior: { type: 'string', description: 'A cópia marcada de que esta versão foi feita.' },
              },
            },
          ],
        }),
      },
      400: r('BadRequest'),
      401: r('Unauthorized'),
      403: r('Forbidden'),
      404: r('NotFound'),
      503: { description: 'O armazenamento de arquivos não respondeu; nada foi gravado.', content: json(ref('Erro')) },
    },
  };
}
