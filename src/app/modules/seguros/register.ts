/**
 * The policy's own page (issue 40): the policy in force above the generic fields, and "Renovar".
 * Imported by the router (src/app/modules/register.ts) so the override exists before a page opens.
 */
import { lazy } from 'react';
import { registerViewOverride } from '../../views/overrides';

const show = lazy(() => import('./seguro-show').then((m) => ({ default: m.SeguroShow })));
registerViewOverride('seguro', { show });
registerViewOverride('seguroPleno', { show });
