/**
 * What the insurance feature adds to the engine (issue 40; imported by src/server/modules/register.ts):
 * - a policy's "in force" fields computed at every write of the policy (`beforeChange`), and its
 *   renewal marking the policy it renews "Renovada" once running (`afterChange`);
 * - the endorsement's workflow hooks (schemas/shared/endosso-workflow.ts): the `emitir` guard (the
 *   endorsement within the policy's validity, else 400 per field and nothing written) and the
 *   effect of every step into or out of "Emitido" (the policy in force recomputed in the step's
 *   transaction, a cancellation endorsement cancelling the policy or taking that back);
 * - the reminders' claims table, and on the migration that adds the fields, the existing
 *   endorsements taken as issued and every policy's values in force filled in.
 * The daily job (expiry-job.ts) is listed with the others in src/server/jobs/index.ts.
 */
import { sql } from 'kysely';
import { ENDOSSO_GUARD, ENDOSSO_RECOMPUTE } from '../../../schemas/shared/endosso-workflow';
import { registerEntityHooks } from '../crud/hooks-registry';
import { registerAfterMigrate, registerCoreSql } from '../db/migrate';
import type { Db } from '../db/connect';
import { flattenExtra } from '../db/columns';
import { toColumnValues as toColumns } from '../db/columns';
import { schemaByName } from '../../../schemas';
import { registerAfter, registerGuard } from '../workflow/hooks';
import { INSURANCE_CORE_SQL } from './expiry-job';
import { INSURANCE_PAIRS } from './in-force';
import { issuedEndorsements, markRenewed, policyInForce, recomputeOnStep, serverSetValues, withinValidity } from './policy-sync';

registerCoreSql('seguros', INSURANCE_CORE_SQL);

for (const pair of INSURANCE_PAIRS) registerEntityHooks(pair.policy, { beforeChange: policyInForce, afterChange: markRenewed });
registerGuard(ENDOSSO_GUARD, withinValidity);
registerAfter(ENDOSSO_RECOMPUTE, recomputeOnStep);

/**
 * On the migration that adds the fields: endorsements recorded before the workflow existed were
 * real, issued ones; each policy without values in force gets them (no new version, no history).
 */
export async function backfillInForce(trx: Db): Promise<void> {
  for (const pair of INSURANCE_PAIRS) {
    const schema = schemaByName(pair.policy);
    if (!schema) continue;
    await sql`update ${sql.table(pair.endorsement)} set situacao = 'Emitido' where situacao is null`.execute(trx);
    const rows = await sql<{ row: Record<string, unknown> }>`select to_jsonb(t.*) as row from ${sql.table(pair.policy)} t
      where "fimVigenciaAtual" is null`.execute(trx);
    for (const { row } of rows.rows) {
      const policy = flattenExtra(row);
      const values = serverSetValues(policy, await issuedEndorsements(trx, pair, Number(policy.id)));
      await trx
        .updateTable(pair.policy)
        .set(toColumns(schema, values, 'update'))
        .where('id', '=', Number(policy.id))
        .execute();
    }
  }
}
registerAfterMigrate('seguros', backfillInForce);
