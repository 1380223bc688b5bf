/** What the weather feature adds to the engine (imported by src/server/modules/register.ts): its cache table. */
import { registerCoreSql } from '../db/migrate';
import { WEATHER_CORE_SQL } from './cache';

registerCoreSql('clima', WEATHER_CORE_SQL);
