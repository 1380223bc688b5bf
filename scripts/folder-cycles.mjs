#!/usr/bin/env node
/**
 * Folder cycles (issue 37): the lint's layers (eslint.config.js) see each side's engine as one
 * element, so two engine folders importing each other pass it. This check maps every non-test
 * source file to its folder, builds the graph of imports between folders, finds its strongly
 * connected components (Tarjan) and fails on every cycle, printing one example import per edge so a
 * person can see what to cut. `npm run lint` runs it after ESLint (and .ci/run runs `npm run lint`).
 *
 * - Sides: `src/server`, `src/app`, `src/access`, `schemas`, `resources`. A file's folder is its
 *   top folder within its side (`src/server/crud/list-query.ts` → `src/server/crud`); a file at the
 *   root of a side is a node of its own (`src/server/config.ts`, `schemas/kinds.ts`), since the
 *   composition roots (`src/server/app.ts`) import everything and the small core files are imported
 *   by everything.
 * - Imports: static `import`/`export … from`, side-effect imports and `import('…')`, relative only
 *   (the project has no path aliases); those that do not resolve to a .ts/.tsx source (CSS, JSON,
 *   packages) are not edges.
 * - Type-only imports (`import type`, `export type … from`, `import { type A }`) count as well: they
 *   are no run-time dependency, but the folders' structure must go one way for the types too (an
 *   error's type belongs where the error is declared, below both of its users). The report marks
 *   them `(type)`, since they are the cheapest edges to cut.
 * - Tests (`*.test.ts(x)`, `test-*.ts(x)`) and declaration files are left out: a test may import
 *   anything.
 *
 * `KNOWN_CYCLE_EDGES` is the baseline of cycles not broken yet: an edge listed there may stay inside
 * a cycle; any other edge inside a cycle fails, and so does a listed edge that is no longer inside a
 * cycle (delete it: the list may only shrink).
 */
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const SIDES = ['src/server', 'src/app', 'src/access', 'schemas', 'resources'];

/**
 * Edges (`from → to`, folders as `folderOf` names them) allowed inside a cycle for now. Empty: no
 * folder cycle is left on either side.
 */
export const KNOWN_CYCLE_EDGES = [];

const EXTENSIONS = ['.ts', '.tsx'];
const isTest = (file) => /\.test\.tsx?$/.test(file) || /(^|\/)test-[^/]*\.tsx?$/.test(file);
const isSource = (file) => EXTENSIONS.some((e) => file.endsWith(e)) && !file.endsWith('.d.ts') && !isTest(file);

/**
 * Folders whose subfolders are nodes of their own: the app's modules are one folder each
 * (docs/architecture.md), and `src/app/auth/pages` is a page folder inside the engine's `auth`
 * (eslint.config.js classifies it with the pages).
 */
export const SPLIT_FOLDERS = ['src/app/modules', 'src/app/auth'];

/** The folder (graph node) of a repository-relative path with `/` separators, or undefined. */
export function folderOf(file) {
  const side = [...SIDES].sort((a, b) => b.length - a.length).find((s) => file.startsWith(`${s}/`));
  if (!side) return undefined;
  const rest = file.slice(side.length + 1).split('/');
  if (rest.length === 1) return file;
  const top = `${side}/${rest[0]}`;
  if (top === 'src/app/auth') return rest[1] === 'pages' && rest.length > 2 ? 'src/app/auth/pages' : top;
  if (SPLIT_FOLDERS.includes(top) && rest.length > 2) return `${top}/${rest[1]}`;
  return top;
}

/** Every import of one file's text: `{ spec, typeOnly }`. */
export function importsOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = Boolean(clause && (clause.isTypeOnly || (!clause.name && named && named.length > 0 && named.every((e) => e.isTypeOnly))));
      found.push({ spec: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      const typeOnly = node.isTypeOnly || Boolean(named && named.length > 0 && named.every((e) => e.isTypeOnly));
      found.push({ spec: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ spec: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ spec: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The source file a relative specifier names, repository-relative, or undefined. */
function resolveSpec(root, fromFile, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(root, dirname(fromFile), spec.replace(/\?.*$/, ''));
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [base, ...EXTENSIONS.map((e) => stem + e), ...EXTENSIONS.map((e) => join(base, `index${e}`))];
  const hit = candidates.find((c) => EXTENSIONS.some((e) => c.endsWith(e)) && existsSync(c) && statSync(c).isFile());
  return hit ? relative(root, hit).split(sep).join('/') : undefined;
}

function listFiles(root, folder) {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) out.push(...listFiles(root, path));
    else if (isSource(path)) out.push(path);
  }
  return out;
}

/**
 * The file-level imports of the tree under `root` that cross folders: `{ from, to, fromFile,
 * toFile, typeOnly }`, one per import.
 */
export function readImports(root) {
  const files = [...new Set(SIDES.flatMap((s) => listFiles(root, s)))].sort();
  const imports = [];
  for (const fromFile of files) {
    const from = folderOf(fromFile);
    for (const { spec, typeOnly } of importsOf(fromFile, readFileSync(join(root, fromFile), 'utf8'))) {
      const toFile = resolveSpec(root, fromFile, spec);
      const to = toFile && folderOf(toFile);
      if (!to || to === from || isTest(toFile)) continue;
      imports.push({ from, to, fromFile, toFile, typeOnly });
    }
  }
  return imports;
}

/**
 * Tarjan's strongly connected components of a graph given as `Map<node, Iterable<node>>`: only the
 * components of more than one node (a folder importing itself is no cycle), each sorted.
 */
export function stronglyConnected(graph) {
  const nodes = new Set(graph.keys());
  for (const targets of graph.values()) for (const t of targets) nodes.add(t);
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let next = 0;
  // Iterative, so a long chain of folders cannot overflow the call stack.
  for (const start of [...nodes].sort()) {
    if (index.has(start)) continue;
    const work = [{ node: start, targets: [...(graph.get(start) ?? [])].sort(), i: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.i < frame.targets.length) {
        const t = frame.targets[frame.i++];
        if (!index.has(t)) {
          index.set(t, next);
          low.set(t, next++);
          stack.push(t);
          onStack.add(t);
          work.push({ node: t, targets: [...(graph.get(t) ?? [])].sort(), i: 0 });
        } else if (onStack.has(t)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(t)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) components.push(component.sort());
      }
    }
  }
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}

/**
 * The cycles of a list of imports (`{ from, to, fromFile, toFile, typeOnly }`): each component with
 * its edges (one example import each, a run-time one when there is one) and the verdict against the
 * baseline: `unexpected` (edges inside a cycle not in `known`) and `stale` (entries of `known` no
 * longer inside a cycle).
 */
export function findCycles(imports, known = []) {
  const graph = new Map();
  const examples = new Map();
  for (const imp of imports) {
    if (imp.from === imp.to) continue;
    if (!graph.has(imp.from)) graph.set(imp.from, new Set());
    graph.get(imp.from).add(imp.to);
    const key = `${imp.from} → ${imp.to}`;
    const seen = examples.get(key);
    if (!seen) examples.set(key, { ...imp, count: 1, runtime: !imp.typeOnly });
    else {
      seen.count++;
      if (seen.typeOnly && !imp.typeOnly) Object.assign(seen, { fromFile: imp.fromFile, toFile: imp.toFile, typeOnly: false, runtime: true });
    }
  }
  const components = stronglyConnected(graph).map((members) => {
    const inside = new Set(members);
    const edges = [...examples.values()]
      .filter((e) => inside.has(e.from) && inside.has(e.to))
      .sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
    return { members, edges };
  });
  const knownSet = new Set(known);
  const inCycle = new Set(components.flatMap((c) => c.edges.map((e) => `${e.from} → ${e.to}`)));
  const unexpected = components.flatMap((c) => c.edges).filter((e) => !knownSet.has(`${e.from} → ${e.to}`));
  const stale = known.filter((k) => !inCycle.has(k));
  return { components, unexpected, stale };
}

/** The report's lines. */
export function describeCycles({ components, unexpected, stale }) {
  const lines = [];
  const bad = new Set(unexpected.map((e) => `${e.from} → ${e.to}`));
  for (const { members, edges } of components) {
    lines.push(`Ciclo entre ${members.length} pastas: ${members.join(', ')}`);
    for (const e of edges) {
      const key = `${e.from} → ${e.to}`;
      const mark = bad.has(key) ? '✗' : '·';
      const more = e.count > 1 ? ` (+${e.count - 1})` : '';
      lines.push(`  ${mark} ${key}: ${e.fromFile} → ${e.toFile}${e.typeOnly ? ' (type)' : ''}${more}`);
    }
  }
  for (const k of stale) lines.push(`Aresta conhecida que já não está em ciclo (apague de KNOWN_CYCLE_EDGES): ${k}`);
  return lines;
}

function main() {
  // Another tree may be measured (`node scripts/folder-cycles.mjs <dir>`, e.g. an exported older commit).
  const root = process.argv[2] ? resolve(process.argv[2]) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const result = findCycles(readImports(root), KNOWN_CYCLE_EDGES);
  const lines = describeCycles(result);
  if (lines.length > 0) console.log(lines.join('\n'));
  if (result.unexpected.length > 0 || result.stale.length > 0) {
    console.error(
      `folder-cycles: ${result.unexpected.length} aresta(s) de ciclo entre pastas fora da lista conhecida, ${result.stale.length} entrada(s) obsoleta(s) (✗ acima; docs/architecture.md)`,
    );
    process.exitCode = 1;
  } else {
    const known = result.components.reduce((n, c) => n + c.edges.length, 0);
    console.log(known > 0 ? `folder-cycles: só os ciclos conhecidos (${known} aresta(s) em KNOWN_CYCLE_EDGES)` : 'folder-cycles: nenhum ciclo entre pastas');
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
