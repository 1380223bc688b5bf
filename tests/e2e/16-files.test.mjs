// Scenario 16 — files: an SVG or an HTML page disguised as a photo is refused by the API; a stored
// file served as an attachment is downloaded by Chromium, never rendered (no script runs); the
// site gallery shows thumbnails of the site's photos.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DESKTOP, goto, launch, loginStaff, newPage, shot, step, url } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** POST a file to /api/v1/arquivos as the signed-in user of the page. */
function upload(page, query, content, name, type) {
  return page.evaluate(
    async ({ query, content, name, type }) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      const form = new FormData();
      form.append('file', new Blob([content], { type }), name);
      const res = await fetch(`/api/v1/arquivos?${query}`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${localStorage.getItem(key)}` } });
      return { status: res.status, body: await res.json() };
    },
    { query, content, name, type },
  );
}

test('arquivos: SVG e HTML recusados; anexo baixado, não exibido; galeria da obra', async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  const dialogs = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });

  await step(page, '16-recusa', async () => {
    await loginStaff(page, 'admin@portal.local');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>';
    const asSvg = await upload(page, 'recurso=diarios&campo=fotos', svg, 'planta.svg', 'image/svg+xml');
    assert.equal(asSvg.status, 400, JSON.stringify(asSvg.body));
    assert.match(asSvg.body.message, /não é de um tipo aceito em Fotos/);
    const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
    const asPng = await upload(page, 'recurso=diarios&campo=fotos', html, 'foto.png', 'image/png');
    assert.equal(asPng.status, 400, JSON.stringify(asPng.body));
    const asDoc = await upload(page, 'recurso=contratos&campo=arquivos', svg, 'minuta.svg', 'image/svg+xml');
    assert.equal(asDoc.status, 400, JSON.stringify(asDoc.body));
  });

  await step(page, '16-download', async () => {
    // Markup in a text file is stored as text/plain and served as an attachment: Chromium downloads it.
    // The same holds for the bytes of an SVG drawing kept as a text document: downloaded, never drawn.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(2)</script></svg>\n';
    const html = '<html><body><script>alert("xss")</script></body></html>\n';
    for (const [content, name] of [
      [html, 'notas.txt'],
      [svg, 'planta-svg.txt'],
    ]) {
      const stored = await upload(page, 'recurso=contratos&campo=arquivos', content, name, name.includes('svg') ? 'image/svg+xml' : 'text/html');
      assert.equal(stored.status, 201, JSON.stringify(stored.body));
      assert.equal(stored.body.type, 'text/plain');
      const fileUrl = url(stored.body.url);
      const responded = page.waitForResponse((r) => r.url() === fileUrl);
      const downloaded = page.waitForEvent('download');
      await page.evaluate((u) => {
        const a = document.createElement('a');
        a.href = u;
        document.body.appendChild(a);
        a.click();
      }, fileUrl);
      const res = await responded;
      const h = res.headers();
      assert.equal(res.status(), 200);
      assert.match(h['content-disposition'], /^attachment;/);
      assert.equal(h['content-type'], 'text/plain');
      assert.equal(h['x-content-type-options'], 'nosniff');
      assert.match(h['content-security-policy'], /sandbox; default-src 'none'/);
      const download = await downloaded;
      assert.equal(download.suggestedFilename(), name);
      await download.cancel().catch(() => undefined);
    }
    assert.deepEqual(dialogs, [], 'um script do arquivo rodou');
  });

  await step(page, '16-galeria', async () => {
    await goto(page, '/obras/101/galeria');
    const grid = page.getByRole('list', { name: 'Fotos da obra' });
    await grid.getByRole('listitem').first().waitFor({ timeout: 20_000 });
    // Thumbnails only: every image of the grid is a /thumb, and they load.
    await page.waitForFunction(
      () => [...document.querySelectorAll('ul[aria-label="Fotos da obra"] img')].every((i) => i.complete && i.naturalWidth > 0),
      null,
      { timeout: 20_000 },
    );
    const srcs = await grid.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    assert.ok(srcs.length > 0 && srcs.every((s) => s.endsWith('/thumb')), srcs.join(', '));
    await page.waitForTimeout(500);
    await shot(page, 'galeria-obra-desktop');
    // antd's "Visualizar" mask covers the thumbnail: a click on it opens the lightbox.
    await grid.locator('.ant-image').first().click();
    await page.locator('.ant-image-preview-img').waitFor();
    const full = await page.locator('.ant-image-preview-img').getAttribute('src');
    assert.ok(full && !full.endsWith('/thumb'), `a visualização não abriu a imagem inteira: ${full}`);
    await shot(page, 'galeria-obra-visualizacao-desktop');
  });
  await page.context().close();
});
