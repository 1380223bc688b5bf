/** What the plans feature adds to the engine (imported by src/server/modules/register.ts): the pins' table. */
import { registerCoreSql } from '../db/migrate';
import { PIN_CORE_SQL, PIN_TABLE } from './tables';

registerCoreSql(PIN_TABLE, PIN_CORE_SQL);
