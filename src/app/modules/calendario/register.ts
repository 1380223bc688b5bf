/**
 * The business calendar's screen (issue 25): the list view of `feriado` becomes the calendar page
 * (weekly hours, national holidays, and the generic list of the added holidays below), so both
 * /admin/calendario and /feriados open it. Loaded with its page.
 */
import { lazy } from 'react';
import { registerViewOverride } from '../../views/overrides';

registerViewOverride('feriado', {
  list: lazy(() => import('./calendario-page').then((m) => ({ default: m.CalendarioPage }))),
});
