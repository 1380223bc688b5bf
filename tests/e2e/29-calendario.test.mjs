// Scenario 29 — the business calendar (issue 25): the administrator opens "Calendário da empresa",
// sees the weekly hours, the national holidays and the list of added holidays; an overlapping
// Saturday interval is refused with the weekday's message; a valid one is saved (then removed
// again, leaving the calendar as it was). A staff member sees the same page read-only at /feriados.
// Screenshots at 1280 and 390 px.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { goto, launch, loginStaff, newPage, PHONE, shot, step } from './helpers.mjs';

const WIDE = { width: 1280, height: 900 };

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('o administrador edita o horário de trabalho; um colaborador só o vê', async () => {
  const admin = await newPage(browser, { viewport: WIDE });
  await step(admin, '29-login-admin', () => loginStaff(admin, 'admin@portal.local'));

  await step(admin, '29-abrir', async () => {
    await goto(admin, '/admin/calendario');
    await admin.getByText('Horário de trabalho').first().waitFor();
    await admin.getByText('Feriados nacionais').first().waitFor();
    await admin.getByText('Dia de Tiradentes').first().waitFor();
    assert.equal(await admin.getByLabel('Segunda-feira, início do intervalo 1').inputValue(), '08:00');
    await shot(admin, 'calendario-desktop');
  });

  const saturday = admin.getByTestId('dia-6');
  await step(admin, '29-sobreposicao', async () => {
    await saturday.getByRole('button', { name: 'Adicionar intervalo em Sábado' }).click();
    await saturday.getByRole('button', { name: 'Adicionar intervalo em Sábado' }).click();
    await admin.getByLabel('Sábado, fim do intervalo 2').fill('11:00');
    await admin.getByLabel('Sábado, início do intervalo 2').fill('10:00');
    await admin.getByRole('button', { name: 'Salvar horário' }).click();
    await saturday.getByText(/Sábado: os intervalos 08:00–12:00 e 10:00–11:00 se sobrepõem/).waitFor();
    await shot(admin, 'calendario-erro-desktop');
  });

  await step(admin, '29-salvar', async () => {
    await admin.getByRole('button', { name: 'Remover intervalo 2 de Sábado' }).click();
    await admin.getByRole('button', { name: 'Salvar horário' }).click();
    await admin.getByText('Calendário salvo.', { exact: false }).waitFor();
    await admin
      .getByText(/44h por semana|49h por semana/)
      .first()
      .waitFor();
    // Back to the week as it was.
    await admin.getByRole('button', { name: 'Remover intervalo 1 de Sábado' }).click();
    await admin.getByRole('button', { name: 'Salvar horário' }).click();
    await admin.getByText(/Versão \d+, salva em/).waitFor();
    assert.equal(await saturday.getByText('Sem expediente').count(), 1);
    // The refused save logs its 400 on the console; no script error.
    assert.deepEqual(
      admin.errors.filter((e) => e.startsWith('pageerror')),
      [],
    );
  });

  const phone = await newPage(browser, { viewport: PHONE });
  await step(phone, '29-celular', async () => {
    await loginStaff(phone, 'admin@portal.local');
    await goto(phone, '/admin/calendario');
    await phone.getByText('Horário de trabalho').first().waitFor();
    await shot(phone, 'calendario-phone');
    await phone.getByText('Feriados nacionais').first().scrollIntoViewIfNeeded();
    await shot(phone, 'calendario-phone-feriados');
  });

  const staff = await newPage(browser, { viewport: WIDE });
  await step(staff, '29-colaborador', async () => {
    await loginStaff(staff, 'sm@portal.local');
    await goto(staff, '/feriados');
    await staff.getByText('Só os administradores do portal alteram o calendário.', { exact: false }).waitFor();
    assert.equal(await staff.getByRole('button', { name: 'Salvar horário' }).count(), 0);
    assert.ok(await staff.getByLabel('Segunda-feira, início do intervalo 1').isDisabled());
  });
});
