// Scenario 45 — the ethics channel open to outsiders (issue 40): on a 390 px phone, without an
// account, someone follows "Canal de ética" from the sign-in page, reports anonymously with a photo
// and gets the protocol and password once; the investigator (etica) asks a question from the case's
// page at desktop width; on the follow-up page the reporter opens the case with the protocol and
// password, reads the question and answers it; the investigator reads the answer on the case's page.
// Axe on the public pages and the case's page; screenshots.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { apiGet, goto, launch, loginStaff, newPage, noSidewaysScroll, PHONE, shot, step, waitPath } from './helpers.mjs';
import { noAxe } from './axe.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const QUESTION = 'Em que dia e horário isso aconteceu?';
const ANSWER = 'Na terça-feira, por volta das 9h, no almoxarifado.';

test('canal de ética: um relato anônimo pelo celular, sem conta, e a resposta à pergunta da apuração', async () => {
  const phone = await newPage(browser, { viewport: PHONE });
  let protocolo = '';
  let senha = '';
  await step(phone, '45-relatar', async () => {
    await goto(phone, '/login');
    await phone.getByRole('link', { name: /Canal de ética/ }).click();
    await waitPath(phone, (p) => p === '/canal-etica');
    await phone.getByRole('heading', { name: 'Canal de ética' }).waitFor();
    await noAxe(phone, 'canal de ética (390 px)');
    await noSidewaysScroll(phone, 'o canal de ética');
    await phone.getByLabel('Categoria').selectOption('Fraude');
    await phone.getByLabel('Assunto (em uma frase)').fill('Medição aprovada sem conferência');
    await phone.getByLabel('O que aconteceu').fill('O encarregado pediu para aprovar a medição do mês sem conferir as quantidades.');
    await phone.getByLabel('Onde aconteceu').fill('Canteiro, bloco B');
    const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Canon', Artist: 'Joao da Silva' } })
      .toBuffer();
    await phone.locator('input[type=file]').setInputFiles({ name: 'IMG_joao.jpg', mimeType: 'image/jpeg', buffer: photo });
    await phone.locator('.ant-upload-list-item-done').first().waitFor();
    await shot(phone, 'canal-etica-formulario-phone');
    await phone.getByRole('button', { name: 'Enviar relato' }).click();
    await phone.getByText('Relato enviado').waitFor();
    protocolo = (await phone.getByTestId('protocolo').innerText()).trim();
    senha = (await phone.getByTestId('senha').innerText()).trim();
    assert.match(protocolo, /^ET-\d{4}-\d{5}$/);
    assert.match(senha, /^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    await shot(phone, 'canal-etica-enviado-phone');
    await noAxe(phone, 'relato enviado (390 px)');
  });

  const etica = await newPage(browser);
  await step(etica, '45-apuracao-pergunta', async () => {
    await loginStaff(etica, 'etica@portal.local');
    const found = await apiGet(etica, `/api/v1/relatos-etica?q=${encodeURIComponent(protocolo)}`);
    const report = found.body.find((r) => r.protocolo === protocolo);
    assert.ok(report, `relato ${protocolo} na lista da apuração`);
    assert.equal(report.origem, 'Canal público');
    assert.equal(report.emailRelator, undefined);
    etica.reportId = report.id;
    // The investigator asks from the case's own page (the conversation card under the record).
    await goto(etica, `/relatos-etica/${report.id}`);
    const conversa = etica.locator('.ant-card').filter({ has: etica.getByRole('heading', { name: 'Conversa com o relator' }) });
    await conversa.getByText(/O relator lê as perguntas no acompanhamento/).waitFor();
    await conversa.getByLabel('Pergunta ao relator').fill(QUESTION);
    await conversa.getByRole('button', { name: 'Enviar' }).click();
    await conversa.locator('.ant-list-item').filter({ hasText: QUESTION }).waitFor();
    await conversa.locator('.ant-list-item').filter({ hasText: 'Apuração' }).first().waitFor();
    await noAxe(etica, 'relato na apuração (desktop)');
    await shot(etica, 'canal-etica-apuracao-pergunta-desktop');
  });

  await step(phone, '45-acompanhar', async () => {
    await goto(phone, '/canal-etica/acompanhar');
    await phone.getByLabel('Protocolo').fill(protocolo);
    await phone.getByLabel('Senha').fill(senha);
    await phone.getByRole('button', { name: 'Ver o relato' }).click();
    await phone.getByText(QUESTION).waitFor();
    await noAxe(phone, 'acompanhamento (390 px)');
    await noSidewaysScroll(phone, 'o acompanhamento');
    await phone.getByLabel('Sua mensagem').fill(ANSWER);
    await phone.getByRole('button', { name: 'Enviar mensagem' }).click();
    await phone.locator('.ant-list-item').filter({ hasText: ANSWER }).waitFor(); // in the conversation, not the box
    await phone.locator('.ant-list-item').filter({ hasText: 'Você' }).waitFor();
    await shot(phone, 'canal-etica-acompanhamento-phone');
  });

  await step(etica, '45-apuracao-le', async () => {
    // The answer reaches the case's page.
    await etica.reload();
    const conversa = etica.locator('.ant-card').filter({ has: etica.getByRole('heading', { name: 'Conversa com o relator' }) });
    await conversa.locator('.ant-list-item').filter({ hasText: ANSWER }).waitFor();
    await shot(etica, 'canal-etica-apuracao-resposta-desktop');
    const thread = await apiGet(etica, `/api/v1/relatos-etica/${etica.reportId}/mensagens`);
    assert.deepEqual(
      thread.body.mensagens.map((m) => [m.autor, m.texto]),
      [
        ['apuracao', QUESTION],
        ['relator', ANSWER],
      ],
    );
  });
  await phone.close();
  await etica.close();
});
