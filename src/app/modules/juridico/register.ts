/**
 * The legal case's own page ("Enviar documento" on the case). Imported by the router so the
 * override exists before an entity page opens.
 */
import { lazy } from 'react';
import { registerViewOverride } from '../../views/overrides';

registerViewOverride('processoJuridico', {
  show: lazy(() => import('./processo-show').then((m) => ({ default: m.ProcessoShow }))),
});
