/** Supplier-portal entries (`schemas/portal-fornecedor.ts`, docs/access.md decision 29: a supplier's answer). */
import { registerEntityHooks } from '../../crud/hooks-registry';
import { supplierReplyChecked, supplierReplyDefaults, supplierReplyMail } from '../supplier-rules';

registerEntityHooks('portalFornecedor', {
  beforeValidate: ({ db, schema, actor, body }) => supplierReplyDefaults(db, schema, actor, body),
  beforeChange: supplierReplyChecked,
  afterCreate: supplierReplyMail,
});
