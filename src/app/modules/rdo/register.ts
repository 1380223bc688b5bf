/**
 * The daily report's own views (registered next to nothing heavy: each loads with its page).
 * Imported by the router so the overrides exist before an entity page opens.
 */
import { lazy } from 'react';
import { registerViewOverride } from '../../views/overrides';

registerViewOverride('diario', {
  show: lazy(() => import('./diario-show').then((m) => ({ default: m.DiarioShow }))),
  create: lazy(() => import('./diario-form').then((m) => ({ default: m.DiarioCreate }))),
  edit: lazy(() => import('./diario-form').then((m) => ({ default: m.DiarioEdit }))),
});
