// Scenario 20 — the supplier's journey (docs/access.md decision 29), on desktop and at 390 px: the
// supplier (fornecedor@portal.local, own login) starts on its SGI records, opens its RNC, answers it
// with "Responder" (message and a PDF attached), sees the answer listed on the record and opened with
// its file; then opens the record's action plan, updates the situation and evidence of its own action
// (the other actions read-only) and, after reloading, sees what it saved. Screenshots at each step.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  DESKTOP,
  PHONE,
  apiGet,
  appReady,
  clickToPath,
  eventually,
  goto,
  launch,
  loginOwnAccount,
  newPage,
  pathOf,
  shot,
  step,
  waitPath,
  noSidewaysScroll,
} from './helpers.mjs';

const TOKEN = `F${Date.now().toString(36)}`;
const SUP = 'fornecedor@portal.local';
const RECORD = 'Espessura de pintura abaixo do especificado';
const PLAN = 'Tratativa da RNC de pintura';
const OWN_ACTION = /^Ação \d+: Medir a espessura de pintura/;
const pdf = (text) => Buffer.from(`%PDF-1.4\n%${text}\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The help banner, when open, is closed like a user would (it may sit over buttons on a phone). */
async function closeHelp(page) {
  const close = page.getByRole('button', { name: 'Fechar ajuda' });
  if (await close.isVisible().catch(() => false)) await close.click();
}

const region = (page, name) => page.getByRole('region', { name });
const dialog = (page) => page.locator('.ant-modal-wrap:visible .ant-modal');
const uploadsDone = (scope) => eventually(async () => assert.equal(await scope.locator('.ant-upload-list-item-uploading').count(), 0), { timeout: 20_000 });

for (const [viewport, label] of [
  [DESKTOP, 'desktop'],
  [PHONE, 'phone'],
]) {
  test(`o fornecedor responde ao seu registro SGI e atualiza a sua ação do plano (${label})`, async () => {
    const page = await newPage(browser, { viewport });
    const subject = `${TOKEN} ${label} resposta à RNC`;
    const message = `${TOKEN} ${label}: medição de camada implantada em 100% das peças.`;
    const answerFile = `resposta-${TOKEN}-${label}.pdf`;
    const evidence = `${TOKEN} ${label}: medidor calibrado, romaneio com a espessura de cada peça.`;
    const evidenceFile = `evidencia-${TOKEN}-${label}.pdf`;
    const situation = label === 'phone' ? 'Concluída' : 'Em andamento';
    let recordPath;
    try {
      await step(page, `20-inicio-${label}`, async () => {
        await loginOwnAccount(page, SUP);
        // The app passes through "/" on its way to the start page (Início, /obras).
        await waitPath(page, '/obras').catch(() => assert.fail(`depois de entrar, deveria estar no início (/obras), está em ${pathOf(page)}`));
        await appReady(page);
        const records = region(page, 'Seus registros SGI');
        await records.getByRole('link', { name: RECORD }).waitFor();
        await closeHelp(page);
        await shot(page, `fornecedor-inicio-${label}`);
        await records.getByRole('link', { name: RECORD }).click();
        await waitPath(page, (p) => /^\/tickets-sgi\/\d+$/.test(p));
        await appReady(page);
        recordPath = new URL(page.url()).pathname;
        await page.getByText(RECORD).first().waitFor();
        await region(page, /Respostas do fornecedor/).waitFor();
        // The supplier never sees the SGI team's internal comment.
        assert.equal(await page.getByText('Comentário interno da equipe SGI').count(), 0, 'o fornecedor vê o comentário interno');
        await shot(page, `fornecedor-registro-${label}`);
        if (label === 'phone') await noSidewaysScroll(page, 'a página do registro SGI');
      });

      await step(page, `20-resposta-${label}`, async () => {
        await closeHelp(page);
        await page.getByRole('button', { name: 'Responder' }).click();
        const form = dialog(page);
        await form.getByText(/^Responder ao registro /).waitFor();
        await form.getByLabel('Assunto').fill(subject);
        await form.getByLabel('Mensagem').fill(message);
        await form
          .locator('.ant-upload input[type=file]')
          .setInputFiles({ name: answerFile, mimeType: 'application/pdf', buffer: pdf('resposta do fornecedor') });
        await form.getByText(answerFile).first().waitFor();
        await uploadsDone(form);
        await shot(page, `fornecedor-resposta-${label}`);
        await form.getByRole('button', { name: /Enviar resposta/ }).click();
        await eventually(async () => assert.equal(await dialog(page).count(), 0), { timeout: 20_000 });
        // Stored linked to the record, as the supplier's company, with the file.
        const id = Number(recordPath.split('/').pop());
        const saved = await apiGet(page, `/api/v1/portal-fornecedor?ticket=${id}&assunto=${encodeURIComponent(subject)}`);
        assert.equal(saved.status, 200);
        assert.equal(saved.body.length, 1, 'a resposta não foi gravada ligada ao registro');
        assert.equal(saved.body[0].mensagem, message);
        assert.deepEqual(
          saved.body[0].anexos.map((f) => f.name),
          [answerFile],
        );
        // After a reload the answer is listed on the record, and opens with its message and file.
        await page.reload({ waitUntil: 'domcontentloaded' });
        await appReady(page);
        const answers = region(page, /Respostas do fornecedor/);
        await answers.getByText(subject).first().waitFor();
        await answers.scrollIntoViewIfNeeded();
        await shot(page, `fornecedor-respostas-listadas-${label}`);
        await answers.getByText(subject).first().click();
        await waitPath(page, (p) => /^\/portal-fornecedor\/\d+$/.test(p));
        await appReady(page);
        await page.getByText(message).first().waitFor();
        await page.getByText(answerFile).first().waitFor();
        await page.getByText('Recebido').first().waitFor();
        await shot(page, `fornecedor-resposta-aberta-${label}`);
        if (label === 'phone') await noSidewaysScroll(page, 'a resposta do fornecedor');
      });

      await step(page, `20-plano-${label}`, async () => {
        await goto(page, recordPath);
        const plans = region(page, /Planos de ação/);
        await plans.getByText(PLAN).first().waitFor();
        await plans.scrollIntoViewIfNeeded();
        await shot(page, `fornecedor-planos-do-registro-${label}`);
        await plans.getByText(PLAN).first().click();
        await waitPath(page, (p) => /^\/planos-acao\/\d+$/.test(p));
        await appReady(page);
        await closeHelp(page);
        await clickToPath(
          page,
          page
            .getByRole('button', { name: /Editar/ })
            .or(page.getByRole('link', { name: /Editar/ }))
            .first(),
          (p) => /^\/planos-acao\/\d+\/editar$/.test(p),
        );
        await appReady(page);
        const own = region(page, OWN_ACTION);
        await own.waitFor();
        // Only the supplier's own action is editable: one situation select in the whole form, none in the team's actions.
        assert.equal(await page.locator('form .ant-select').count(), 1, 'há outros campos editáveis além da situação da ação do fornecedor');
        assert.equal(
          await page
            .getByRole('region', { name: /^Ação 1: / })
            .getByRole('textbox')
            .count(),
          0,
          'a ação da equipe SGI está editável',
        );
        assert.equal(await page.getByLabel('Título', { exact: true }).count(), 0, 'o título do plano está editável');
        await own.locator('.ant-select-selector').click();
        await page
          .locator('.ant-select-dropdown:visible .ant-select-item-option')
          .filter({ hasText: new RegExp(`^${situation}$`) })
          .click();
        await own.getByLabel('Andamento e evidência').fill(evidence);
        await own
          .locator('.ant-upload input[type=file]')
          .setInputFiles({ name: evidenceFile, mimeType: 'application/pdf', buffer: pdf('evidencia do fornecedor') });
        await own.getByText(evidenceFile).first().waitFor();
        await uploadsDone(own);
        await own.scrollIntoViewIfNeeded();
        await shot(page, `fornecedor-plano-edicao-${label}`);
        if (label === 'phone') await noSidewaysScroll(page, 'a atualização do plano');
        await page.getByRole('button', { name: /Salvar/ }).click();
        await waitPath(page, (p) => /^\/planos-acao\/\d+$/.test(p), 20_000);
        await appReady(page);
      });

      await step(page, `20-plano-recarregado-${label}`, async () => {
        await page.reload({ waitUntil: 'domcontentloaded' });
        await appReady(page);
        // The plan's fields are shown to the supplier, its action with what it saved.
        await page.getByText('Ações (5W2H)').first().waitFor();
        assert.equal(await page.getByText('Observações', { exact: true }).count(), 0, 'o fornecedor vê as observações internas do plano');
        const row = page.locator('.ant-table-row').filter({ hasText: evidence });
        await row.first().waitFor();
        assert.equal(await row.count(), 1);
        assert.match(await row.first().innerText(), new RegExp(situation));
        await row.first().scrollIntoViewIfNeeded();
        await shot(page, `fornecedor-plano-salvo-${label}`);
        const id = new URL(page.url()).pathname.split('/').pop();
        const plan = await apiGet(page, `/api/v1/planos-acao/${id}`);
        const mine = plan.body.acoes.find((a) => a.evidencia === evidence);
        assert.ok(mine, 'a evidência não foi gravada');
        assert.equal(mine.status, situation);
        // Files add up (the desktop run's evidence stays beside the phone run's on the same action).
        assert.ok(mine.anexos.map((f) => f.name).includes(evidenceFile), `o arquivo de evidência ${evidenceFile} não foi gravado`);
        // The team's actions are as they were.
        assert.equal(plan.body.acoes.find((a) => /^Retocar a pintura/.test(a.oQue)).status, 'Concluída');
      });
    } finally {
      await page.context().close();
    }
  });
}
