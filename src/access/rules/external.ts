/**
 * Suppliers and partner law firms (docs/access.md decision 28), and what no external user (client,
 * supplier, law firm) ever gets (decision 29).
 */
import type { Subject } from '../subjects';
import type { RuleContext } from './context';
import { punchListSupplierRules } from './verificacao';

/**
 * Decision 28: suppliers and partner law firms, external like clients (no staff or global rule),
 * see only their company's records: a supplier the SGI records and supplier-portal entries naming
 * one of its companies (and answers them, `Interagir`), a law firm the legal cases it conducts
 * (and uploads their documents).
 */
export function partnerRules(ctx: RuleContext, kind: 'fornecedor' | 'escritorio'): void {
  const { can, empresa } = ctx;
  can('read', 'PERFIL');
  if (!empresa.length) return;
  const mine = { $in: empresa };
  if (kind === 'fornecedor') {
    // Its SGI records and supplier-portal entries; `Interagir` is answering a record with a portal entry.
    can(['read', 'Interagir'], 'TicketSgi', { fornecedor: mine });
    // 29. The action plans with a row naming its company: read them, and edit the rows (the API lets it
    // change only the situation and evidence of its own rows, src/server/modules/supplier-rules.ts).
    can('readAcoes', 'TicketSgi', { 'acoes.fornecedor': mine });
    can('edit', 'TicketSgi', ['acoes'], { 'acoes.fornecedor': mine });
    // 38. The punch-list items assigned to its company (rules/verificacao.ts).
    punchListSupplierRules(ctx);
  } else can(['read', 'upload'], 'ProcessoJuridico', { escritorio: mine });
}

/**
 * Decision 29, after every rule of an external user: fields for the internal team only are neither
 * read nor written, and a record in a draft state is neither read nor acted on. (A subject whose
 * entities lack the state field is denied whole in SQL: never wider.)
 */
export function externalRestrictions({ cannot, options }: RuleContext): void {
  for (const [subj, fields] of Object.entries(options.internalFields ?? {})) {
    if (fields.length) cannot('manage', subj as Subject, [...fields]);
  }
  for (const [subj, drafts] of Object.entries(options.draftStates ?? {})) {
    for (const d of drafts) if (d.values.length) cannot('manage', subj as Subject, { [d.field]: { $in: [...d.values] } });
  }
}
