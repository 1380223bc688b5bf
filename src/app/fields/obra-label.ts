/** The site's display name: "101 – Nome da obra" (header breadcrumb, site pages, site-scoped screens). */
export function obraLabel(obra: string, record?: Record<string, unknown>): string {
  const nome = record && typeof record.nome === 'string' ? record.nome : undefined;
  return nome ? `${obra} – ${nome}` : `Obra ${obra}`;
}
