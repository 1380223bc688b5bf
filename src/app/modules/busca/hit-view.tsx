/**
 * One search result as the search box and the results page show it (issue 39): code, title, state
 * tag, site, and the snippet with the matched words marked (`<mark>`). Text only (no link or button
 * inside): in the box it is an option of the listbox, on the page the caller wraps the title in a link.
 */
import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import type { SearchHit, SearchPiece } from '../../../../resources/search';

export function Snippet({ partes }: { partes: SearchPiece[] }) {
  return (
    <>
      {partes.map((p, i) =>
        p.destaque ? (
          <mark key={i} className="portal-busca-destaque">
            {p.texto}
          </mark>
        ) : (
          <span key={i}>{p.texto}</span>
        ),
      )}
    </>
  );
}

export function HitView({ hit, title, compact }: { hit: SearchHit; title?: ReactNode; compact?: boolean }) {
  const site = hit.obra ? (hit.obra.nome ? `Obra ${hit.obra.id} · ${hit.obra.nome}` : `Obra ${hit.obra.id}`) : null;
  return (
    <div style={{ minWidth: 0 }}>
      <div style={{ display: 'flex', alignItems: 'baseline', gap: 8, flexWrap: 'wrap' }}>
        {hit.codigo ? <span style={{ fontFamily: 'monospace', fontSize: 13, fontWeight: 600 }}>{hit.codigo}</span> : null}
        <span style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{title ?? hit.titulo}</span>
        {hit.estado ? (
          <Tag color={hit.estado.cor} style={{ marginInlineEnd: 0 }}>
            {hit.estado.rotulo}
          </Tag>
        ) : null}
      </div>
      {site || !compact ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
          {[compact ? null : hit.modulo, site].filter(Boolean).join(' · ')}
        </Typography.Text>
      ) : null}
      {hit.trecho ? (
        <div style={{ fontSize: 13, color: 'rgba(0,0,0,0.72)', overflowWrap: 'anywhere' }}>
          <span style={{ color: 'rgba(0,0,0,0.6)' }}>{hit.trecho.campo}: </span>
          <Snippet partes={hit.trecho.partes} />
        </div>
      ) : null}
    </div>
  );
}

/** Results grouped by module, in the order of each module's best result. */
export function groupByModule(hits: SearchHit[]): { recurso: string; modulo: string; hits: SearchHit[] }[] {
  const groups = new Map<string, { recurso: string; modulo: string; hits: SearchHit[] }>();
  for (const h of hits) {
    const g = groups.get(h.recurso) ?? { recurso: h.recurso, modulo: h.modulo, hits: [] };
    g.hits.push(h);
    groups.set(h.recurso, g);
  }
  return [...groups.values()];
}
