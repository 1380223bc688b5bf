/**
 * The layer rule of eslint.config.js refuses imports that go the wrong way (docs/architecture.md):
 * a scratch file is linted as if it lived in a layer, with an allowed and a forbidden import.
 */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('lint: layers', () => {
  it('the generic app engine may import schemas but not a feature module or the server', async () => {
    expect(await layerErrors('src/app/views/scratch-layer.ts', "import { SCHEMAS } from '../../../schemas';\nexport const n = SCHEMAS.length;\n")).toEqual([]);
    const module = await layerErrors(
      'src/app/views/scratch-layer.ts',
      "import { SurveyPage } from '../modules/pesquisa-satisfacao/pesquisa-satisfacao-page';\nexport const p = SurveyPage;\n",
    );
    expect(module).toHaveLength(1);
    expect(module[0]).toMatch(/app-engine não pode importar app-modules/);
    const server = await layerErrors('src/app/views/scratch-layer.ts', "import { createApp } from '../../server/app';\nexport const a = createApp;\n");
    expect(server[0]).toMatch(/app-engine não pode importar server-features/);
  }, 60_000);

  it('the server engine may not import a feature folder, and no source imports test helpers', async () => {
    const feature = await layerErrors('src/server/crud/scratch-layer.ts', "import { seedDemo } from '../seed/seed';\nexport const s = seedDemo;\n");
    expect(feature[0]).toMatch(/server-engine não pode importar server-features/);
    const helper = await layerErrors('schemas/scratch-layer.ts', "import { createMockApi } from '../mocks/api';\nexport const m = createMockApi;\n");
    expect(helper[0]).toMatch(/shared não pode importar tests/);
  }, 60_000);
});
