/**
 * Rollup `manualChunks` for the app: the big libraries that are always loaded whole get a chunk
 * of their own (react, react-router, Refine core + TanStack Query, Amplify, CASL), and the bundler
 * helpers shared by everything (Vite's preload helper, @babel/runtime, tslib) a small one, so a
 * release — which changes app code — leaves those files, and the browsers' caches of them, alone.
 *
 * Everything else (antd, @refinedev/antd, charts, exceljs, pdfmake…) is left to Rollup's own
 * splitting, which follows what each lazy route really uses: /login gets antd's Button and Form,
 * not the Table of the lists. Careful when adding a family: Rollup moves every not-yet-assigned
 * dependency of a manual chunk into it, so a family must not depend on code the entry uses
 * (`npm run bench:bundle` shows which chunks /login loads).
 */
import type { Rollup } from 'vite';

const FAMILIES: [RegExp, string][] = [
  [/\/node_modules\/(?:react|react-dom|scheduler)\//, 'react'],
  [/\/node_modules\/(?:react-router|cookie|set-cookie-parser)\//, 'router'],
  [/\/node_modules\/(?:aws-amplify|@aws-amplify|@aws-crypto|@aws-sdk|@smithy|js-cookie|rxjs)\//, 'amplify'],
  [/\/node_modules\/(?:@refinedev\/(?:core|react-router|simple-rest|devtools-internal)|@tanstack)\//, 'refine'],
  [/\/node_modules\/(?:@casl|@ucast)\//, 'casl'],
  [/\/node_modules\/(?:@babel\/runtime|tslib)\//, 'helpers'],
];
const BUNDLER_HELPERS = /^\0(?:vite\/|commonjsHelpers)/;

export function vendorChunks(): Rollup.GetManualChunk {
  return (id) => {
    if (BUNDLER_HELPERS.test(id)) return 'helpers';
    const path = id.replace(/\\/g, '/');
    if (!path.includes('/node_modules/')) return undefined;
    for (const [re, name] of FAMILIES) if (re.test(path)) return name;
    return undefined;
  };
}
