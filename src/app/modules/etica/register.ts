/**
 * The ethics report's own page: the conversation between the investigators and the reporter
 * (issue 40). Imported by the router so the override exists before an entity page opens.
 */
import { lazy } from 'react';
import { registerViewOverride } from '../../views/overrides';

registerViewOverride('relatoEtica', {
  show: lazy(() => import('./relato-show').then((m) => ({ default: m.RelatoShow }))),
});
