/** Where a filled checklist entity is filled in (the route of the `checklistPreencher` screen). */
import { ROUTED, fillPath } from '../../../../resources/routes';

/**
 * `/{obra}/checklist/{tipo}/preencher` for a filled-checklist schema (`checklistPreenchidoField` →
 * `field`), with `?os=` when a work order is given; undefined for any other entity.
 */
export function checklistFillPath(entity: string, obra: string, os?: string | number): string | undefined {
  for (const r of ROUTED) {
    const byParam = r.screen === 'checklistPreencher' ? r.entity?.byParam : undefined;
    const tipo = byParam && Object.entries(byParam.cases).find(([, c]) => c.name === entity)?.[0];
    if (!byParam || !tipo) continue;
    const path = fillPath(r.path, { obra, [byParam.param]: tipo });
    return path && os !== undefined && os !== null ? `${path}?os=${encodeURIComponent(String(os))}` : path;
  }
  return undefined;
}
