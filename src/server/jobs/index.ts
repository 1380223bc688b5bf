/** The portal's daily jobs. */
import type { DailyJob } from './runner';
import { delayWarningJob } from '../schedule/delay-warning';

export const DAILY_JOBS: DailyJob[] = [
  // Delay warning to each site manager for the EAP items that became late (from 7 h).
  { name: 'aviso-atraso', fromHour: 7, run: delayWarningJob },
];
