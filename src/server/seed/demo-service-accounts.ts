/**
 * The demo's service account (issue 41): "Integração ERP", reading contracts (role `contratos`, which
 * edits only contracts naming the person: never the account), so an administrator sees it in
 * "Contas de serviço" after `npm start` and issues its first key there. No key is seeded: a key is
 * shown once, when issued. Added once (marker `contas-servico`), also to a database seeded before.
 */
import { sql } from 'kysely';
import { SERVICE_ACCOUNT_DOMAIN } from '../../../resources/service-accounts';
import type { Db } from '../db/connect';
import { COMPANY } from './demo-common';

const MARKER = 'contas-servico';

export async function seedDemoServiceAccounts(trx: Db): Promise<void> {
  if ((await sql`SELECT 1 FROM _seed WHERE nome = ${MARKER}`.execute(trx)).rows.length) return;
  await sql`
    with n as (select nextval(pg_get_serial_sequence('conta_servico', 'id')) as id)
    insert into conta_servico (id, nome, descricao, email, roles, obra, empresa, ativo, created_by, updated_by)
    select n.id, 'Integração ERP', 'Leitura dos contratos pelo ERP (Sienge) para a conciliação de custos.',
      'servico-' || n.id || ${'@' + SERVICE_ACCOUNT_DOMAIN}, '["contratos"]'::jsonb, '[]'::jsonb, cast(${JSON.stringify([COMPANY])} as jsonb),
      true, 'seed@portal.local', 'seed@portal.local' from n
    where not exists (select 1 from conta_servico where lower(nome) = lower('Integração ERP'))`.execute(trx);
  await sql`INSERT INTO _seed (nome) VALUES (${MARKER})`.execute(trx);
}
