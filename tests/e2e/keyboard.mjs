// Keyboard-only helpers of scenario 35 (issue 28, WCAG 2.1 AA 2.1.1 and 2.4.7): walk a page with Tab
// and check, at every focus stop, that focus is on something (not <body>) and that it shows.
import assert from 'node:assert/strict';
import { eventually } from './helpers.mjs';

/**
 * The focused element as a user perceives it: tag, role, accessible name (aria-label, aria-labelledby,
 * <label>, text, title, placeholder), and a CSS-ish path for the reports. `lost` when focus is on
 * <body> (or nowhere).
 */
export function activeInfo(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return { lost: true, where: location.pathname };
    const text = (n) => (n?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const byIds = (ids) =>
      ids
        .split(/\s+/)
        .map((id) => text(document.getElementById(id)))
        .join(' ')
        .trim();
    const label = el.labels?.length ? text(el.labels[0]) : '';
    const name =
      el.getAttribute('aria-label') ||
      (el.getAttribute('aria-labelledby') ? byIds(el.getAttribute('aria-labelledby')) : '') ||
      label ||
      (['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) ? '' : text(el).slice(0, 80)) ||
      el.getAttribute('title') ||
      el.getAttribute('placeholder') ||
      '';
    const implicit = { A: el.hasAttribute('href') ? 'link' : '', BUTTON: 'button', TEXTAREA: 'textbox', SELECT: 'combobox' }[el.tagName];
    const inputRole = el.tagName === 'INPUT' ? ({ checkbox: 'checkbox', radio: 'radio', submit: 'button', button: 'button' }[el.type] ?? 'textbox') : '';
    const path = [];
    for (let n = el; n && n !== document.body && path.length < 4; n = n.parentElement) {
      const cls =
        typeof n.className === 'string'
          ? n.className
              .split(/\s+/)
              .filter((c) => c && !c.startsWith('css-'))
              .slice(0, 2)
          : [];
      path.unshift(`${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${cls.map((c) => `.${c}`).join('')}`);
    }
    return {
      lost: false,
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role') || implicit || inputRole,
      name: name.replace(/\s+/g, ' ').trim(),
      type: el.getAttribute('type') ?? '',
      path: path.join(' > '),
      where: location.pathname,
    };
  });
}

const show = (i) => (i.lost ? `<body> em ${i.where}` : `<${i.tag}> ${i.role || '-'} "${i.name}" (${i.path})`);

/**
 * Checks the focused element shows focus: on it, on a wrapper up to four levels above (antd draws the
 * focus of an input, select or picker on its wrapper: `.ant-input-affix-wrapper-focused`,
 * `.ant-select-focused .ant-select-selector`, `.ant-picker-focused`) or on its next sibling (a
 * checkbox's `.ant-checkbox-inner`), there is an outline (not none, ≥ 1 px, not transparent) or a
 * box-shadow/border that differs from the unfocused state (read after blur(), then focus comes back).
 * Returns null when visible, else a description of what was read.
 */
export function focusProblem(page) {
  return page.evaluate(async () => {
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const el = document.activeElement;
    if (!el || el === document.body) return 'o foco está no <body>';
    const nodes = [el];
    for (let p = el.parentElement, i = 0; p && p !== document.body && i < 4; p = p.parentElement, i++) nodes.push(p);
    if (el.nextElementSibling) nodes.push(el.nextElementSibling);
    const visible = (n) => {
      const r = n.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(n).visibility !== 'hidden';
    };
    const transparent = (c) => /rgba\(.*,\s*0\)$/.test(c) || c === 'transparent';
    const read = () =>
      nodes.map((n) => {
        const s = getComputedStyle(n);
        return {
          outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1 && !transparent(s.outlineColor) && visible(n),
          shadow: s.boxShadow,
          border: ['Top', 'Right', 'Bottom', 'Left'].map((k) => `${s[`border${k}Width`]} ${s[`border${k}Style`]} ${s[`border${k}Color`]}`).join(','),
          desc: `${n.tagName.toLowerCase()}.${String(n.className).split(/\s+/).slice(0, 2).join('.')} outline=${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} shadow=${s.boxShadow}`,
        };
      });
    await frames();
    if (!visible(el) && !nodes.some(visible)) return 'o elemento focado não aparece na tela';
    const focused = read();
    if (focused.some((f) => f.outline)) return null;
    el.blur();
    // rc-select drops its focused class 10 ms after a blur.
    await new Promise((r) => setTimeout(r, 120));
    await frames();
    const unfocused = read();
    el.focus({ preventScroll: true });
    await frames();
    if (document.activeElement !== el) return 'o elemento não recebe o foco de volta depois de blur()';
    const changed = focused.some((f, i) => visible(nodes[i]) && (f.shadow !== unfocused[i].shadow || f.border !== unfocused[i].border));
    return changed ? null : `sem contorno nem mudança de sombra/borda: ${focused.map((f) => f.desc).join(' | ')}`;
  });
}

/** Fails when focus is on <body>, or when the focused element shows no focus. */
export async function assertFocusVisible(page, what = '') {
  const info = await activeInfo(page);
  assert.ok(!info.lost, `${what}: o foco se perdeu (${show(info)})`);
  // The focus style of antd's inputs comes with a re-render (a "-focused" class): on a loaded machine
  // it can take a moment after the key press, so the indicator gets up to ~1 s to appear.
  let problem = await focusProblem(page);
  for (let i = 0; problem && i < 6; i++) {
    await page.waitForTimeout(150);
    problem = await focusProblem(page);
  }
  assert.equal(problem, null, `${what}: foco invisível em ${show(info)} — ${problem}`);
  return info;
}

/** Predicate on the focused element: role (string or list) and accessible name (RegExp or exact string). */
export function named(name, role) {
  const roles = role ? [role].flat() : null;
  return (i) => !i.lost && (!roles || roles.includes(i.role)) && (name instanceof RegExp ? name.test(i.name) : i.name === name);
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focused element satisfies `predicate` (see `named`);
 * at every stop focus must not be on <body> and must be visible (`assertFocusVisible`). Fails after
 * `max` presses, listing the stops. Returns the matched element's description.
 */
export async function tabTo(page, predicate, { max = 40, back = false, what = 'Tab' } = {}) {
  const stops = [];
  for (let n = 1; n <= max; n++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const info = await assertFocusVisible(page, `${what}, parada ${n}`);
    stops.push(show(info));
    if (predicate(info)) return info;
  }
  assert.fail(`${what}: ${max} Tabs sem chegar ao controle procurado; paradas:\n  ${stops.join('\n  ')}`);
}

/** The focused element satisfies `predicate` (waits for it: an opening dialog moves focus a bit later). */
export async function expectFocus(page, predicate, what, timeout = 5_000) {
  let info;
  try {
    await eventually(
      async () => {
        info = await activeInfo(page);
        assert.ok(predicate(info));
      },
      { timeout },
    );
  } catch {
    assert.fail(`${what}: o foco está em ${show(info)}`);
  }
  return info;
}

/** Focus is inside the element matched by `selector` (a dialog, a pop-up), waiting for it. */
export async function expectFocusInside(page, selector, what, timeout = 5_000) {
  await eventually(
    async () => {
      const inside = await page.evaluate((s) => [...document.querySelectorAll(s)].some((d) => d.contains(document.activeElement)), selector);
      assert.ok(inside, `${what}: o foco não entrou em ${selector} (está em ${show(await activeInfo(page))})`);
    },
    { timeout },
  );
}

/** Types `text` key by key into the focused element (no fill: as a user does). */
export async function type(page, text) {
  await page.keyboard.type(text, { delay: 10 });
}
