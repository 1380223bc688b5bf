// Scenario 46 — plans on the phone (issue 42): the site manager opens site 101's plans at 390 px with
// touch, the first sheet's PDF is drawn by pdf.js in the browser, its pins show; "Aproximar" zooms;
// a tap on a pin opens its panel; "Novo item aqui" and a tap on the sheet open the punch item form
// at that point (sheet, x and y filled in), and the saved item is a new pin of the sheet where it was
// tapped. On a desktop, the viewer with the sheet list beside it, and the site's punch list report
// (PDF with sheet crops). Axe on the viewer; screenshots.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { installed } from './field-helpers.mjs';
import {
  apiGet,
  apiSend,
  appReady,
  axeSerious,
  chooseOption,
  formatViolations,
  goto,
  launch,
  loginStaff,
  newPage,
  noSidewaysScroll,
  PHONE,
  shot,
  step,
  waitPath,
} from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Whether the sheet's canvas has been drawn (some opaque pixel that is not white: the plan's lines). */
const drawn = (page) =>
  page.evaluate(() => {
    const c = document.querySelector('[data-testid="planta-folha"] canvas');
    if (!c || !c.width || !c.height) return false;
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < data.length; i += 4 * 97) if (data[i + 3] > 200 && (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200)) return true;
    return false;
  });

const scaleOf = (page) => page.getByTestId('planta-folha').evaluate((el) => Number(/scale\(([\d.]+)\)/.exec(el.style.transform)?.[1] ?? NaN));

test('plantas no celular: a folha, os pinos, o zoom e um item novo no ponto tocado', async () => {
  const page = await newPage(browser, { viewport: PHONE });
  await step(page, '46-login', () => loginStaff(page, 'sm@portal.local'));
  const sheets = (await apiGet(page, '/api/v1/obras/101/plantas')).body;
  const sheet = sheets.find((s) => s.arquivo && s.ativa);
  assert.ok(sheet, 'a obra 101 tem uma folha vigente com PDF');
  const pinsBefore = (await apiGet(page, `/api/v1/plantas/${sheet.id}/pinos`)).body.length;

  await step(page, '46-folha', async () => {
    await goto(page, `/obras/101/plantas/${sheet.id}`);
    await page.getByRole('region', { name: `Folha ${sheet.codigo}` }).waitFor();
    await page.waitForFunction(
      () => {
        const c = document.querySelector('[data-testid="planta-folha"] canvas');
        return !!c && c.width > 0;
      },
      null,
      { timeout: 30_000 },
    );
    await page.getByRole('status', { name: 'Carregando a planta' }).waitFor({ state: 'detached', timeout: 30_000 });
    assert.ok(await drawn(page), 'o PDF da folha foi desenhado no canvas');
    assert.equal(await page.getByRole('group', { name: 'Pinos da folha' }).getByRole('button').count(), pinsBefore);
    await noSidewaysScroll(page, 'visualizador da planta (390 px)');
    const v = await axeSerious(page);
    assert.equal(v.length, 0, `axe no visualizador:\n    ${formatViolations(v)}`);
    await shot(page, 'plantas-folha-phone');
  });

  await step(page, '46-zoom', async () => {
    const before = await scaleOf(page);
    await page.getByRole('button', { name: 'Aproximar' }).click();
    await page.waitForFunction((b) => {
      const el = document.querySelector('[data-testid="planta-folha"]');
      return Number(/scale\(([\d.]+)\)/.exec(el.style.transform)?.[1]) > b * 1.2;
    }, before);
    await page.getByRole('button', { name: 'Ajustar à tela' }).click();
    await page.waitForFunction((b) => {
      const el = document.querySelector('[data-testid="planta-folha"]');
      return Math.abs(Number(/scale\(([\d.]+)\)/.exec(el.style.transform)?.[1]) - b) < 0.01;
    }, before);
  });

  if (pinsBefore > 0) {
    await step(page, '46-pino', async () => {
      await page.getByRole('group', { name: 'Pinos da folha' }).getByRole('button').first().tap();
      const panel = page.getByRole('dialog');
      await panel.getByRole('link', { name: /Abrir o registro/ }).waitFor();
      await shot(page, 'plantas-pino-phone');
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
    });
  }

  const descricao = `Rejunte falhado perto da porta ${Date.now()}`;
  await step(page, '46-novo-item', async () => {
    await page.getByRole('button', { name: /Novo item aqui/ }).click();
    const box = await page.getByTestId('planta-folha').boundingBox();
    await page.touchscreen.tap(box.x + box.width * 0.25, box.y + box.height * 0.5);
    await waitPath(page, (p) => p.endsWith('/itens-verificacao/novo'));
    const q = new URL(page.url()).searchParams;
    assert.equal(q.get('folha'), String(sheet.id));
    assert.ok(Math.abs(Number(q.get('x')) - 0.25) < 0.05, `x perto de 0,25: ${q.get('x')}`);
    assert.ok(Math.abs(Number(q.get('y')) - 0.5) < 0.05, `y perto de 0,5: ${q.get('y')}`);
    await page.getByLabel('Descrição').fill(descricao);
    await shot(page, 'plantas-novo-item-phone');
    await chooseOption(page, page.getByLabel('Empresa responsável'), 'Montagens Ideal', { type: 'Montagens' });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await waitPath(page, (p) => !p.endsWith('/novo'), 30_000);
  });

  const items = (await apiGet(page, `/api/v1/itens-verificacao?obra=101&q=${encodeURIComponent(descricao)}`)).body;
  const item = items.find((i) => i.descricao === descricao);
  assert.ok(item, 'o item foi gravado');
  assert.equal(item.folha, sheet.id);
  assert.ok(Math.abs(item.x - 0.25) < 0.05 && Math.abs(item.y - 0.5) < 0.05, `o item está no ponto tocado (${item.x}, ${item.y})`);

  await step(page, '46-pino-novo', async () => {
    await goto(page, `/obras/101/plantas/${sheet.id}`);
    const pins = page.getByRole('group', { name: 'Pinos da folha' }).getByRole('button');
    await page.waitForFunction((n) => document.querySelectorAll('[aria-label="Pinos da folha"] button').length === n, pinsBefore + 1);
    assert.equal(await pins.count(), pinsBefore + 1);
    await page.getByRole('status', { name: 'Carregando a planta' }).waitFor({ state: 'detached', timeout: 30_000 });
    await shot(page, 'plantas-pino-novo-phone');
  });
  await apiSend(page, 'DELETE', `/api/v1/itens-verificacao/${item.id}`); // to the trash: the next run starts with the same pins
  await page.context().close();
});

test('plantas no computador: a folha com a lista de folhas ao lado', async () => {
  const page = await newPage(browser);
  await step(page, '46-login-desktop', () => loginStaff(page, 'sm@portal.local'));
  await step(page, '46-desktop', async () => {
    await goto(page, '/obras/101/plantas');
    const sheets = (await apiGet(page, '/api/v1/obras/101/plantas')).body;
    const sheet = sheets.find((s) => s.arquivo && s.ativa);
    await goto(page, `/obras/101/plantas/${sheet.id}`);
    const list = page.getByRole('navigation', { name: 'Folhas da obra' });
    await list.getByRole('list', { name: 'Folhas' }).waitFor();
    await page.getByLabel('Buscar folha').fill(sheet.codigo);
    await page.getByRole('status', { name: 'Carregando a planta' }).waitFor({ state: 'detached', timeout: 30_000 });
    assert.ok(await drawn(page), 'o PDF da folha foi desenhado no canvas');
    await shot(page, 'plantas-folha-desktop');
  });
  await step(page, '46-relatorio-desktop', async () => {
    // The site's punch list report: the filters, then the PDF the API builds (a crop of the sheet per item).
    await goto(page, '/obras/101/itens-verificacao');
    await page.getByRole('button', { name: /Relatório PDF/ }).click();
    const dialog = page.getByRole('dialog', { name: /Relatório de itens de verificação/ });
    await dialog.getByRole('button', { name: /Enviar à empresa/ }).waitFor();
    await shot(page, 'plantas-relatorio-desktop');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), dialog.getByRole('button', { name: /Baixar PDF/ }).click()]);
    assert.match(download.suggestedFilename(), /^itens-verificacao-obra-101-\d{4}-\d{2}-\d{2}\.pdf$/);
    const stream = await download.createReadStream();
    const chunks = [];
    for await (const c of stream) chunks.push(c);
    const pdf = Buffer.concat(chunks);
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.ok(pdf.includes('/DCTDecode'), 'o relatório traz ao menos um recorte de planta (JPEG)');
    assert.equal(await dialog.getByRole('alert').count(), 0);
  });
  await page.context().close();
});

test('plantas sem conexão: a folha vista uma vez e as baixadas em "Baixar plantas da obra" abrem sem rede', async () => {
  const page = await newPage(browser, { viewport: PHONE, serviceWorkers: 'allow' });
  const context = page.context();
  try {
    await step(page, '46-instalar', async () => {
      await loginStaff(page, 'sm@portal.local');
      await goto(page, '/obras/101/plantas');
      await installed(page);
    });
    // Read without the service worker (another context), so that nothing here is kept on the device.
    const reader = await newPage(browser);
    await loginStaff(reader, 'sm@portal.local');
    const sheets = (await apiGet(reader, '/api/v1/obras/101/plantas')).body.filter((s) => s.arquivo && s.ativa);
    const [first, other] = [sheets[0], sheets.find((s) => s.arquivo.key !== sheets[0].arquivo.key) ?? sheets[1]];
    const otherPins = (await apiGet(reader, `/api/v1/plantas/${other.id}/pinos`)).body.length;
    await reader.context().close();
    await step(page, '46-baixar', async () => {
      await goto(page, `/obras/101/plantas/${first.id}`);
      await page.getByRole('status', { name: 'Carregando a planta' }).waitFor({ state: 'detached', timeout: 30_000 });
      await page.getByRole('button', { name: 'Folhas' }).click();
      const drawer = page.getByRole('dialog');
      // The sheet seen may already be on the device (the demo's sheets share one PDF): the button then
      // reads "Atualizar", and either way it keeps every PDF and every sheet's pins.
      const kept = drawer.getByTestId('plantas-no-aparelho');
      await kept.waitFor();
      await drawer.getByRole('button', { name: /Baixar plantas da obra|Atualizar plantas no aparelho/ }).click();
      await drawer.getByText(/Plantas e pinos guardados no aparelho às \d\d:\d\d/).waitFor({ timeout: 60_000 });
      await drawer.getByRole('button', { name: /Atualizar plantas no aparelho/ }).waitFor();
      // Every PDF of the site kept: at least the ones read above (scenario 48, run beside this one, may add a plan to site 101 meanwhile).
      const pdfs = new Set(sheets.map((s) => s.arquivo.key)).size;
      const shown = /^(\d+) de (\d+) PDFs? no aparelho \([\d,.]+ (KB|MB)\)/.exec(await kept.innerText());
      assert.ok(shown && shown[1] === shown[2] && Number(shown[1]) >= pdfs, `${await kept.innerText()} (esperado: todos, ao menos ${pdfs})`);
      await shot(page, 'plantas-baixadas-phone');
      await page.keyboard.press('Escape');
    });
    await step(page, '46-offline', async () => {
      await context.setOffline(true);
      await goto(page, `/obras/101/plantas/${other.id}`);
      await appReady(page, 30_000);
      await page.getByRole('region', { name: `Folha ${other.codigo}` }).waitFor({ timeout: 30_000 });
      await page.getByRole('status', { name: 'Carregando a planta' }).waitFor({ state: 'detached', timeout: 30_000 });
      assert.ok(await drawn(page), 'sem conexão, o PDF da folha foi desenhado do aparelho');
      // Its pins were read by "Baixar plantas da obra": they are on the device too.
      await page.getByText(`${otherPins} pino${otherPins === 1 ? '' : 's'} nesta folha`).waitFor();
      assert.equal(await page.getByRole('group', { name: 'Pinos da folha' }).getByRole('button').count(), otherPins);
      await shot(page, 'plantas-offline-phone');
    });
  } finally {
    await context.setOffline(false);
    await context.close();
  }
});
