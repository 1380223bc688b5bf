/**
 * The portal's CASL ability (access.md is the authority; every numbered
 * decision there is implemented below and referenced as "rule N").
 *
 * Isomorphic: imported by the API (which enforces) and by the app (which hides
 * what the user cannot do). No React, no Node-only modules.
 */
import {
  AbilityBuilder,
  createMongoAbility,
  detectSubjectType as caslDetectSubjectType,
  mongoQueryMatcher,
  subject,
  type ForcedSubject,
  type MongoAbility,
  type MongoQuery,
  type RawRuleOf,
} from '@casl/ability';
import { packRules, unpackRules, type PackRule } from '@casl/ability/extra';
import type { Action, Subject } from './subjects';
import { externalKindOf, normalizeUser, parseSpecificRules, permissionsOf, type PortalUser } from './user';
import type { EntitySchema } from '../../schemas/kinds';

/** A record checked against the rules: `subject('RDO', row)` or a plain object carrying its type. */
export type SubjectRecord = ForcedSubject<Subject> & Record<string, unknown>;

/** Subjects are type strings or plain records (tagged with `subject(type, record)`). */
export type AppAbility = MongoAbility<[Action, Subject | Record<string, unknown>], MongoQuery>;
export type AppRawRule = RawRuleOf<AppAbility>;

export interface AbilityOptions {
  /** Defaults to 'prod' (the shipped configuration). */
  environment?: 'prod' | 'dev';
  /**
   * Fields for the internal team only, by subject (schema fields marked `internal`, e.g. an
   * administrator's custom field): clients and partners can neither read nor write them.
   */
  internalFields?: Readonly<Record<string, readonly string[]>>;
  /**
   * Draft states by subject (workflow states marked `draft`, see `draftStatesOf`): clients and
   * partners never receive a record in one of them (access.md decision 29).
   */
  draftStates?: Readonly<Record<string, readonly DraftStates[]>>;
}

/** The states of one workflow field that are drafts. */
export interface DraftStates {
  field: string;
  values: readonly string[];
}

/** Draft states of the schemas' workflows, by CASL subject (the API passes them to `defineAbilityFor`). */
export function draftStatesOf(schemas: readonly EntitySchema[]): Record<string, DraftStates[]> {
  const out: Record<string, DraftStates[]> = {};
  for (const s of schemas) {
    const wf = s.workflow;
    const values = wf?.states.filter((st) => st.draft).map((st) => st.value) ?? [];
    if (!wf || !values.length) continue;
    const list = (out[s.subject] ??= []);
    const same = list.find((d) => d.field === wf.field);
    if (same) same.values = [...new Set([...same.values, ...values])];
    else list.push({ field: wf.field, values });
  }
  return out;
}

/** Subject type of a checked value: the tag set by `subject(type, obj)`, else CASL's default detection. */
export function detectSubjectType(value: Record<string, unknown>): Subject {
  const tagged = (value as { __caslSubjectType__?: unknown }).__caslSubjectType__;
  if (typeof tagged === 'string') return tagged as Subject;
  return caslDetectSubjectType(value) as Subject;
}

const abilityOptions = { detectSubjectType };

// Status lists (exact strings of the specification).
const PROJETO_APPROVAL_SITUATIONS = ['PAP', 'APC', 'AP', 'PR'];
const MATERIAIS_EDITABLE = ['REVISAR', 'EM ELABORAÇÃO'];
/** What a client may read of an engineering document: everything but the internal comment. */
const PROJETO_CLIENT_FIELDS = [
  'id', 'version', 'created_at', 'updated_at', 'codigo', 'revisao', 'titulo', 'obra', 'categoria', 'Situacao', 'disciplina',
  'dataEmissao', 'prazoAprovacao', 'dataAprovacao', 'decisaoPor', 'decisaoEm', 'projetista', 'aprovadorCliente', 'arquivos',
  'comentariosCliente', 'tags',
];

/**
 * Whether a raw rule from `specific_rules` can be used: its conditions must
 * parse with the Mongo matcher now, so that a later `can()` never throws.
 */
function isUsableRule(rule: AppRawRule): boolean {
  if (!rule.conditions) return true;
  try {
    mongoQueryMatcher(rule.conditions as never);
    return true;
  } catch {
    return false;
  }
}

/** Rules 1–2: clients get only the client set plus read on their own PERFIL. */
function clientRules(user: PortalUser, can: AbilityBuilder<AppAbility>['can']): void {
  const has = (role: string) => user.roles.includes(role);
  can('read', 'PERFIL');
  // 25. Every client rule on PROJETO, PROJETO_FABRICA and FABRICACAO is limited to the user's sites
  // (or, for factory projects, to projects naming the user in `clientes`).
  const mySites = { obra: { $in: user.obra } };
  if (has('projetista') || has('site_manager')) {
    // Internal comments are never sent to a client (field-level rule, applied by the API).
    can('read', 'PROJETO', PROJETO_CLIENT_FIELDS, mySites);
    can('comment', 'PROJETO', mySites);
    can('read', 'Obra', { Id_Lista: { $in: user.obra } });
  }
  if (has('projetista_fabrica')) {
    can(['read', 'comment'], 'PROJETO_FABRICA', mySites);
    if (user.email) can(['read', 'comment'], 'PROJETO_FABRICA', { clientes: { $in: [user.email] } });
    can('read', 'FABRICACAO', mySites);
    can('read', 'Produto');
  }
  // 30. Post-sales: a client reads the tickets of its sites (not their costs nor the satisfaction
  // surveys, which share the subject but have no `codigo`), the client-visible interactions of those
  // tickets, and writes new ones (`Interagir`, create only: a stored interaction has an `id`). The API
  // forces a client's interaction client-visible and refuses it on another site's or a closed ticket
  // (the posvenda schema's `addBy`, src/server/modules/write-rules.ts); internal fields are decision 29.
  can('read', 'POSVENDAS', { ...mySites, codigo: { $exists: true } });
  can('read', 'TicketInteracao', { ...mySites, visivelCliente: true });
  if (user.email) can('Interagir', 'TicketInteracao', { 'responsavelRegistro.mail': user.email, id: { $exists: false } });
  if (has('aprovador') || has('aprovador_fabrica')) {
    // 26. The approver's update is the right to take AP/APC/PR and to write comentariosCliente, nothing else.
    can('update', 'PROJETO', ['comentariosCliente'], { Situacao: { $in: PROJETO_APPROVAL_SITUATIONS }, ...mySites });
  }
}

/**
 * Decision 28: suppliers and partner law firms, external like clients (no staff or global rule),
 * see only their company's records: a supplier the SGI records and supplier-portal entries naming
 * one of its companies (and answers them, `Interagir`), a law firm the legal cases it conducts
 * (and uploads their documents).
 */
function partnerRules(user: PortalUser, kind: 'fornecedor' | 'escritorio', can: AbilityBuilder<AppAbility>['can']): void {
  can('read', 'PERFIL');
  if (!user.empresa.length) return;
  const mine = { $in: user.empresa };
  if (kind === 'fornecedor') {
    // Its SGI records and supplier-portal entries; `Interagir` is answering a record with a portal entry.
    can(['read', 'Interagir'], 'TicketSgi', { fornecedor: mine });
    // 29. The action plans with a row naming its company: read them, and edit the rows (the API lets it
    // change only the situation and evidence of its own rows, src/server/modules/supplier-rules.ts).
    can('readAcoes', 'TicketSgi', { 'acoes.fornecedor': mine });
    can('edit', 'TicketSgi', ['acoes'], { 'acoes.fornecedor': mine });
  } else can(['read', 'upload'], 'ProcessoJuridico', { escritorio: mine });
}

/** Decision 28: the substitute site manager has the site manager's rights on the sites naming them. */
function substituteRules(user: PortalUser, can: AbilityBuilder<AppAbility>['can']): void {
  const sites = user.obrasSubstituto ?? [];
  if (!sites.length) return;
  const onSites = { obra: { $in: sites } };
  can(['create', 'read', 'update'], 'RDO', onSites);
  can(['create', 'read'], ['OS_FIELD', 'OS_AUTOMACAO'], onSites);
  can('read', 'SEGUROS', onSites);
  if (user.roles.includes('materiais')) {
    can('read', 'Materiais', onSites);
    can('release', 'Materiais', { ...onSites, Status: 'LIBERADO PARA SITE MANAGER' });
  }
}

/** Rules 3–22: everyone set, global roles and the staff sets by subject. */
function staffRules(
  user: PortalUser,
  environment: 'prod' | 'dev',
  can: AbilityBuilder<AppAbility>['can'],
  cannot: AbilityBuilder<AppAbility>['cannot'],
): void {
  const has = (role: string) => user.roles.includes(role);
  // Conditions naming "the user" are only added when the user has an e-mail,
  // so that an empty e-mail never matches records with an empty person.
  const me = user.email;
  const perms = permissionsOf(user);

  // 3. Everyone set.
  can('read', ['Obra', 'Permissao', 'BIBLIOTECA', 'PERFIL', 'FABRICACAO']);
  can('readAcoes', 'TicketSgi');
  // 26. Any staff member opens an SGI record and submits their own; 27. files an ethics report and reads their own.
  can('create', ['TicketSgi', 'RelatoEtica']);
  if (me) {
    can('read', 'TicketSgi', { 'relator.mail': me });
    can('edit', 'TicketSgi', { 'relator.mail': me, status: 'RASCUNHO' });
    can('read', 'RelatoEtica', { emailRelator: me });
  }

  // 4. Global roles.
  if (has('acesso_total')) can('manage', 'all');
  if (has('mkt_read')) can('read', 'all');
  // 28. Controllership reads everything but the ethics channel.
  if (has('controladoria')) can('read', 'all');
  // 27. Ethics reports are confidential: mkt_read and controladoria do not read them (their own stay readable).
  if ((has('mkt_read') || has('controladoria')) && !has('acesso_total') && !has('etica')) {
    cannot('read', 'RelatoEtica');
    if (me) can('read', 'RelatoEtica', { emailRelator: me });
  }
  if (has('dev_acesso_total') && environment === 'dev') can('manage', 'all');
  if (has('etica')) can('manage', 'RelatoEtica');
  // 30. Ethics reports are confidential records: only acesso_total (manage all) deletes one.
  if (!has('acesso_total') && !(has('dev_acesso_total') && environment === 'dev')) cannot('delete', 'RelatoEtica');
  // 28. Logistics reads materials and contracts and plans released lists.
  if (has('logistica')) {
    can('read', ['Materiais', 'Contratos']);
    can('editarpcp', 'Materiais', { Status: 'LIBERADO PARA PLANEJAMENTO' });
  }
  if (has('site_manager_substituto')) substituteRules(user, can);
  // 27. Nobody but the reporter sees who filed an anonymous report (field-level, applied by the API).
  cannot('read', 'RelatoEtica', ['emailRelator', 'nomeRelator', 'created_by', 'updated_by'], {
    anonimo: true,
    ...(me ? { emailRelator: { $ne: me } } : {}),
  });

  // 5. RDO.
  if (has('admin_rdo')) can('manage', 'RDO');
  if (has('rdo_by_obra')) can('read', 'RDO', { obra: { $in: user.obra } });
  if (has('site_manager') && me) can(['create', 'read', 'update'], 'RDO', { 'siteManager.mail': me });
  if (has('planejamento')) can(['config', 'read', 'data_planejada', 'aviso-atraso'], 'RDO');

  // 6. FIELD.
  if (has('admin_field')) {
    can('manage', 'FIELD');
    can('manage', ['DiarioOs', 'EapOS'], { area: 'FIELD' });
  }
  if (has('field_config')) {
    can('config', 'FIELD');
    // Defining the EAP (/{obra}/field/config) writes the area's EAP items.
    can('manage', 'EapOS', { area: 'FIELD' });
  }
  if (has('admin_field')) can('manage', 'OS_FIELD');
  if (has('field')) {
    can(['read', 'create'], 'FIELD');
    // The field team reads and moves (start, conclude) the work orders of its area.
    can(['create', 'read', 'update'], 'OS_FIELD');
    can('create', ['DiarioOs', 'EapOS'], { area: 'FIELD' });
    // 30. The technician updates their own checklist fills while they are being filled.
    if (me) can('update', 'FIELD', { created_by: me, status: 'Em preenchimento' });
  }
  if (has('site_manager')) can(['create', 'read'], 'OS_FIELD');

  // 7. AUTOMACAO.
  if (has('admin_automacao')) {
    can('manage', ['AUTOMACAO', 'DIARIO_OS', 'OS_AUTOMACAO']);
    // One subject per entity: the work orders' daily reports and EAP items are DiarioOs / EapOS.
    can('manage', ['DiarioOs', 'EapOS'], { area: 'AUTOMACAO' });
  }
  if (has('automacao_config')) {
    can('config', 'AUTOMACAO');
    can('manage', 'EapOS', { area: 'AUTOMACAO' });
  }
  if (has('automacao')) {
    can(['read', 'create'], 'AUTOMACAO');
    can(['create', 'read', 'update'], 'OS_AUTOMACAO');
    can('create', 'DiarioOs', { area: 'AUTOMACAO' });
    if (me) can('update', 'AUTOMACAO', { created_by: me, status: 'Em preenchimento' });
  }
  if (has('site_manager')) can(['read', 'create'], 'OS_AUTOMACAO');
  // 30. Whoever wrote a work-order daily report reads the reports they wrote.
  if (me) can('read', 'DiarioOs', { created_by: me });

  // 8. Contratos.
  if (has('admin_contratos')) can('manage', 'Contratos');
  if (has('contratos')) {
    can('read', 'Contratos');
    if (me) {
      can('edit', 'Contratos', { 'responsavel.mail': me, status: 'Revisão' });
      can('edit', 'Contratos', {
        'gestor.mail': me,
        status: { $in: ['Emitido para o Jurídico', 'Revisão para cancelamento'] },
      });
      can('edit', 'Contratos', {
        'validador.mail': me,
        status: { $in: ['Emitido para o verificador', 'Em finalização'] },
      });
    }
  }
  if (has('editor_contratos')) {
    can(['create', 'read'], 'Contratos');
    can('edit', 'Contratos', { status: 'Revisão' });
  }
  if (has('site_manager')) {
    can('read', 'Contratos');
    if (me) can('edit', 'Contratos', { 'gestor.mail': me, status: 'Aprovado' });
  }

  // 9. PROJETO.
  if (has('admin_projetos')) {
    can('manage', 'PROJETO');
    can('adicionar_cliente', 'PROJETO_FABRICA');
  }
  if (has('projetista') || has('site_manager')) can(['read', 'readInterno'], 'PROJETO');
  if (has('editor_projetista')) can(['read', 'readInterno', 'create', 'update', 'upload'], 'PROJETO');
  if (has('site_manager')) can('upload', 'PROJETO');

  // 10. PROJETO_FABRICA.
  if (has('admin_projetos_fabrica')) {
    can('manage', 'PROJETO_FABRICA');
    can('read', 'FABRICACAO');
  }
  if (has('projetista_fabrica') || has('projetista') || has('site_manager')) can('read', 'PROJETO_FABRICA');
  if (has('editor_projetista_fabrica')) can(['read', 'create', 'update', 'upload'], 'PROJETO_FABRICA');
  if (has('site_manager')) can('upload', 'PROJETO_FABRICA');

  // 11. Produto and TAF.
  if (has('admin_produtos')) can('manage', 'Produto');
  if (has('editor_produto')) can(['read', 'update'], 'Produto');
  if (has('produto')) can('read', 'Produto');
  if (has('taf')) can('read', 'TAF');
  if (has('editor_taf')) can(['read', 'update'], 'TAF');
  if (has('admin_taf')) can('manage', 'TAF');

  // 12. POSVENDAS.
  if (has('admin_pos_vendas')) can('manage', ['POSVENDAS', 'TicketInteracao']);
  // 30. Post-sales also registers tickets (a request arriving by phone or e-mail).
  if (has('pos_vendas')) can(['read', 'create', 'edit', 'upload'], 'POSVENDAS');
  if (has('pos_vendas_leitura')) can('read', 'POSVENDAS');
  // Whoever reads the tickets reads their interaction timeline.
  if (has('pos_vendas') || has('pos_vendas_leitura')) can('read', 'TicketInteracao');

  // 13. Obra.
  if (has('admin_obra')) can('manage', 'Obra');
  if (has('obra')) can(['create', 'update', 'delete', 'inspect'], 'Obra');

  // 14. SEGUROS.
  if (has('admin_seguros')) can('manage', ['SEGUROS', 'SEGUROS_PLENO']);
  if (has('seguros')) can(['create', 'read', 'delete', 'edit'], 'SEGUROS');
  if (has('site_manager')) can('read', 'SEGUROS');

  // 15. FABRICACAO.
  if (has('admin_fabricacao')) can('manage', 'FABRICACAO');
  if (has('fabricacao')) can(['read', 'write', 'update', 'delete'], 'FABRICACAO');

  // 16. TicketSgi.
  if (has('admin_sgi')) can('manage', 'TicketSgi');
  if (has('sgi')) can(['read', 'aceitaInteracao', 'edit'], 'TicketSgi');
  if (has('sgi_leitura')) can('read', 'TicketSgi');

  // 17. TicketInteracao (every staff user).
  if (me) {
    can(['delete', 'Interagir'], 'TicketInteracao', { 'responsavel.mail': me });
    can('Interagir', 'TicketInteracao', { 'responsavelRegistro.mail': me });
  }

  // 18. Biblioteca: folder access lists.
  if (has('admin_biblioteca')) can('manage', 'Diretorio');
  if (perms.length) {
    can('manage', 'Diretorio', { 'acesso.full': { $in: perms } });
    can('read', 'Diretorio', { 'acesso.rOnly': { $in: perms } });
    can(['read', 'upload'], 'Diretorio', { 'acesso.uploadOnly': { $in: perms } });
    can(['read', 'edit', 'upload', 'newFolder', 'delete'], 'Diretorio', { 'acesso.rW': { $in: perms } });
    can('manage', 'Diretorio', { 'acesso.rWEdit': { $in: perms } });
  }
  can(['read', 'upload', 'newFolder'], 'Diretorio', { 'acesso.full': { $exists: false } });

  // 19. Permissao (acesso_total's manage all is rule 4).
  if (user.roles.some((role) => role.includes('admin'))) can('edit', 'Permissao');

  // 20. Materiais: only for users with the role `materiais`.
  if (has('materiais')) {
    if (has('admin_materiais')) can('manage', 'Materiais');
    if (has('materiais_obra')) can('create_obra', 'Materiais');
    if (has('materiais_projeto')) can('create_projeto', 'Materiais');
    if (has('editor_materiais')) {
      can(['create', 'read'], 'Materiais');
      can(['edit', 'release'], 'Materiais', { Status: { $in: MATERIAIS_EDITABLE } });
    }
    if (me) {
      can(['edit', 'release'], 'Materiais', { 'Quantificou.mail': me, Status: { $in: MATERIAIS_EDITABLE } });
      can('delete', 'Materiais', { 'Quantificou.mail': me, Status: 'EM ELABORAÇÃO' });
      can('release', 'Materiais', { 'Verificador.mail': me, Status: 'LIBERADO PARA VERIFICAÇÃO' });
      // Whoever a list names for a stage reads it (to release it, one must see it).
      can('read', 'Materiais', { 'Quantificou.mail': me });
      can('read', 'Materiais', { 'Verificador.mail': me });
      can('read', 'Materiais', { 'Coordenador.mail': me });
      can('read', 'Materiais', { 'Site_manager.mail': me });
      can('release', 'Materiais', { 'Site_manager.mail': me, Status: 'LIBERADO PARA SITE MANAGER' });
      can('release', 'Materiais', { 'Coordenador.mail': me, Status: 'LIBERADO PARA COORDENADOR' });
    }
    if (has('pcp')) can(['read', 'release', 'editarpcp'], 'Materiais', { Status: 'LIBERADO PARA PLANEJAMENTO' });
  }

  // 21. ProcessoJuridico.
  if (has('admin_juridico')) can('manage', 'ProcessoJuridico');
  if (has('leitura_juridico')) can('read', 'ProcessoJuridico');
  if (me) {
    can('upload_dp', 'ProcessoJuridico', { 'responsavelDp.mail': me });
    can('upload_seg', 'ProcessoJuridico', { 'responsavelSeg.mail': me });
  }

  // 22. Usuario: adding users to a site.
  if (has('admin_obra') || has('acesso_total')) can('create', 'Usuario');
}

/** The raw rules of a user (exported for the server, which may cache or log them). */
export function rulesFor(rawUser: PortalUser | unknown, options: AbilityOptions = {}): AppRawRule[] {
  const user = normalizeUser(rawUser);
  const environment = options.environment === 'dev' ? 'dev' : 'prod';
  const builder = new AbilityBuilder<AppAbility>(createMongoAbility);
  const external = externalKindOf(user);
  if (external) {
    if (external === 'cliente') clientRules(user, builder.can);
    else partnerRules(user, external, builder.can);
    companyRules(user, external, builder.can);
    for (const [subj, fields] of Object.entries(options.internalFields ?? {})) {
      if (fields.length) builder.cannot('manage', subj as Subject, [...fields]);
    }
    // 29. No drafts: a record in a draft state is neither read nor acted on by an external user.
    // (A subject whose entities lack the state field is denied whole in SQL: never wider.)
    for (const [subj, drafts] of Object.entries(options.draftStates ?? {})) {
      for (const d of drafts) if (d.values.length) builder.cannot('manage', subj as Subject, { [d.field]: { $in: [...d.values] } });
    }
    return builder.rules;
  }
  staffRules(user, environment, builder.can, builder.cannot);
  companyRules(user, undefined, builder.can);
  // 23. specific_rules (staff only), appended after the role rules; malformed ones ignored.
  const specific = parseSpecificRules(user.specific_rules) as AppRawRule[];
  for (const rule of specific) if (isUsableRule(rule)) builder.rules.push(rule);
  return builder.rules;
}

/**
 * 29. The company registry (`Empresa`, keyed by CNPJ): staff read it to pick companies (managing it
 * is `acesso_total`'s `manage all`); an external user reads only the companies its `empresa` lists.
 */
function companyRules(user: PortalUser, external: string | undefined, can: AbilityBuilder<AppAbility>['can']): void {
  if (!external) can('read', 'Empresa');
  else if (user.empresa.length) can('read', 'Empresa', { cnpj: { $in: user.empresa } });
}

/** access.md "The module": the ability of a (possibly malformed) user. Never throws. */
export function defineAbilityFor(user: PortalUser | unknown, options: AbilityOptions = {}): AppAbility {
  return createMongoAbility<AppAbility>(rulesFor(user, options), abilityOptions);
}

/** An ability from raw rules (e.g. received from the API). */
export function abilityFromRules(rules: AppRawRule[]): AppAbility {
  return createMongoAbility<AppAbility>(rules, abilityOptions);
}

export type PackedRules = PackRule<AppRawRule>[];

/** Compact JSON-able form of the ability's rules, for the API to send to the app. */
export function packAbilityRules(ability: AppAbility): PackedRules {
  return packRules(ability.rules as AppRawRule[]);
}

/** Rebuilds the same ability from `packAbilityRules` output. Malformed input → an ability that allows nothing. */
export function abilityFromPacked(packed: unknown): AppAbility {
  if (!Array.isArray(packed)) return abilityFromRules([]);
  try {
    const rules = unpackRules(packed as PackedRules).filter(isUsableRule);
    return abilityFromRules(rules);
  } catch {
    return abilityFromRules([]);
  }
}

/**
 * Rule 24: a route whose access rule names a subject and no action is checked
 * with `read`. With `record`, the check is made against that record.
 */
export function canAccessRoute(
  ability: AppAbility,
  rule: { subject: Subject; action?: Action },
  record?: Record<string, unknown>,
): boolean {
  const action = rule.action ?? 'read';
  try {
    if (record) return ability.can(action, subject(rule.subject, { ...record }) as SubjectRecord);
    return ability.can(action, rule.subject);
  } catch {
    return false; // spec §2: an error while checking access goes to /403
  }
}
