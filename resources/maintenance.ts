/**
 * The maintenance switch (issue 40), shared by the API and the app: what can be put in maintenance
 * — the whole portal, one module (a menu group of docs/specification.md §2), or one screen (an
 * entity's routes: its list, record and form, `tela:<resource>`) — and which routes, API resources
 * and people it concerns.
 *
 * - The app's guard sends people to `/manutencao` from every route of a module in maintenance (the
 *   whole portal: every route but the public ones), administrators excepted.
 * - The API answers 503 with `Retry-After` to the writes of that module's resources (the whole
 *   portal: every write after sign-in), administrators excepted.
 * - Administrators: staff who `manage` `Configuracao` without conditions (`acesso_total`).
 */
import { SCHEMAS, schemaByName, schemaByResource } from '../schemas';
import type { AppAbility } from '../src/access/ability';

/** The whole portal. */
export const PORTAL_SCOPE = 'portal';

export interface MaintenanceModule {
  /** The key in `/api/v1/manutencao/{escopo}` and `/manutencao?escopo=`. */
  escopo: string;
  /** The module's name as the menu shows it. */
  rotulo: string;
  /** The menu groups of its routes and entities (route table and schemas' `menu.group`). */
  grupos: readonly string[];
}

/** The modules of the menu, in its order. */
export const MAINTENANCE_MODULES: readonly MaintenanceModule[] = [
  { escopo: 'obras', rotulo: 'Obras', grupos: ['Obras', 'Obra'] },
  { escopo: 'rdo', rotulo: 'Diários de obra', grupos: ['Diários de obra'] },
  { escopo: 'field', rotulo: 'Field e automação', grupos: ['Field e automação'] },
  { escopo: 'posvenda', rotulo: 'Pós-venda', grupos: ['Pós-venda'] },
  { escopo: 'fabrica', rotulo: 'Fábrica', grupos: ['Fábrica'] },
  { escopo: 'cre', rotulo: 'Engenharia (CRE)', grupos: ['Engenharia (CRE)', 'CRE'] },
  { escopo: 'contratos', rotulo: 'Contratos e materiais', grupos: ['Contratos e materiais'] },
  { escopo: 'seguros', rotulo: 'Seguros', grupos: ['Seguros'] },
  { escopo: 'sgi', rotulo: 'SGI', grupos: ['SGI'] },
  { escopo: 'produtos', rotulo: 'Produtos', grupos: ['Produtos'] },
  { escopo: 'juridico', rotulo: 'Jurídico', grupos: ['Jurídico'] },
  { escopo: 'biblioteca', rotulo: 'Biblioteca', grupos: ['Biblioteca'] },
];

/** Every scope: the portal first, then the modules. */
export const MAINTENANCE_SCOPES: readonly { escopo: string; rotulo: string }[] = [
  { escopo: PORTAL_SCOPE, rotulo: 'Portal inteiro' },
  ...MAINTENANCE_MODULES.map(({ escopo, rotulo }) => ({ escopo, rotulo })),
];

/** The prefix of a screen's scope: `tela:contratos` closes the entity `contratos`'s routes and writes. */
export const SCREEN_SCOPE_PREFIX = 'tela:';

export interface MaintenanceScreen {
  /** `tela:<resource>`. */
  escopo: string;
  /** The entity's plural label, as its menu entry and list title say it ("Contratos"). */
  rotulo: string;
  /** The module it belongs to (its key in MAINTENANCE_MODULES). */
  modulo: string;
}

/** The screens that can be put in maintenance alone: every entity in a module's menu group, in the modules' order. */
export function maintenanceScreens(): MaintenanceScreen[] {
  const out: MaintenanceScreen[] = [];
  for (const m of MAINTENANCE_MODULES) {
    for (const s of SCHEMAS) {
      if (s.menu?.group && m.grupos.includes(s.menu.group))
        out.push({ escopo: `${SCREEN_SCOPE_PREFIX}${s.resource}`, rotulo: s.labelPlural, modulo: m.escopo });
    }
  }
  return out;
}

const screenOf = (escopo: string): MaintenanceScreen | undefined => {
  if (!escopo.startsWith(SCREEN_SCOPE_PREFIX)) return undefined;
  const schema = schemaByResource(escopo.slice(SCREEN_SCOPE_PREFIX.length));
  const modulo = moduleOfGroup(schema?.menu?.group);
  return schema && modulo ? { escopo, rotulo: schema.labelPlural, modulo } : undefined;
};

/** A maintenance in force, as `GET /api/v1/manutencao` answers it. */
export interface ActiveMaintenance {
  escopo: string;
  rotulo: string;
  mensagem: string;
  /** The expected end (ISO 8601). */
  fimPrevisto: string;
  /** When it began (ISO 8601). */
  inicio: string;
}

export const scopeLabel = (escopo: string): string | undefined => MAINTENANCE_SCOPES.find((s) => s.escopo === escopo)?.rotulo ?? screenOf(escopo)?.rotulo;

/** Where a scope stands among all of them: the portal, the modules, then the screens (the order answers are listed in). */
export function scopeOrder(escopo: string): number {
  const i = MAINTENANCE_SCOPES.findIndex((s) => s.escopo === escopo);
  if (i >= 0) return i;
  const screen = screenOf(escopo);
  return screen ? MAINTENANCE_SCOPES.length + (MAINTENANCE_SCOPES.findIndex((s) => s.escopo === screen.modulo) - 1) : Number.MAX_SAFE_INTEGER;
}

/** The module of a menu group ('Diários de obra' → 'rdo'). */
export function moduleOfGroup(group: string | undefined): string | undefined {
  return group ? MAINTENANCE_MODULES.find((m) => m.grupos.includes(group))?.escopo : undefined;
}

/** The module of an API resource ('diarios' → 'rdo'), from its schema's menu group. */
export function moduleOfResource(resource: string): string | undefined {
  return moduleOfGroup(schemaByResource(resource)?.menu?.group);
}

/** The maintenance in force for an entity's screen: its own, else its module's, else the whole portal's. */
function inForce(active: readonly ActiveMaintenance[], module: string | undefined, resource?: string): ActiveMaintenance | undefined {
  return (
    (resource ? active.find((a) => a.escopo === `${SCREEN_SCOPE_PREFIX}${resource}`) : undefined) ??
    (module ? active.find((a) => a.escopo === module) : undefined) ??
    active.find((a) => a.escopo === PORTAL_SCOPE)
  );
}

/** The maintenance that closes a route of the app, if any (public routes never close). */
export function routeMaintenance(
  route: { group: string; layout: string; entity?: { name: string } },
  active: readonly ActiveMaintenance[],
): ActiveMaintenance | undefined {
  if (route.layout === 'public' || !active.length) return undefined;
  return inForce(active, moduleOfGroup(route.group), route.entity ? schemaByName(route.entity.name)?.resource : undefined);
}

/** The maintenance that refuses a write to `/api/v1/<resource>/…`, if any. */
export function resourceMaintenance(resource: string, active: readonly ActiveMaintenance[]): ActiveMaintenance | undefined {
  if (!active.length) return undefined;
  return inForce(active, moduleOfResource(resource), resource);
}

/** Administrators keep access during a maintenance: an unconditional `manage` on `Configuracao`. */
export function bypassesMaintenance(ability: AppAbility): boolean {
  try {
    return ability.rulesFor('manage', 'Configuracao').some((r) => !r.inverted && !r.conditions && !r.fields);
  } catch {
    return false;
  }
}

/** `/manutencao?escopo=rdo`: where the guard sends people from a route in maintenance. */
export const maintenancePath = (escopo?: string): string => (escopo ? `/manutencao?escopo=${encodeURIComponent(escopo)}` : '/manutencao');

const pad = (n: number) => String(n).padStart(2, '0');
const WEEKDAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];

/** The expected end as people read it: "sexta-feira, 28/11/2026 às 18:00" (local time); '' when invalid. */
export function maintenanceEndText(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${WEEKDAYS[d.getDay()]}, ${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} às ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
