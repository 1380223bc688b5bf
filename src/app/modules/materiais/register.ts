/**
 * A materials list's own page: the generic one with "Importar itens" (issue 38), loaded with it.
 * Imported by src/app/modules/register.ts.
 */
import { lazy } from 'react';
import { registerViewOverride } from '../../views/overrides';

registerViewOverride('material', {
  show: lazy(() => import('./material-show').then((m) => ({ default: m.MaterialShow }))),
});
