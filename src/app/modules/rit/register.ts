/**
 * The technical inspection report's own page ("Baixar PDF", "Assinaturas", issue 40), loaded with
 * it. Imported by src/app/modules/register.ts.
 */
import { lazy } from 'react';
import { registerViewOverride } from '../../views/overrides';

registerViewOverride('rit', {
  show: lazy(() => import('./rit-show').then((m) => ({ default: m.RitShow }))),
});
