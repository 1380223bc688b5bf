/** The search's few styles (issue 39): options, the active one (visible without DOM focus), group titles, marks. */
const CSS = `
.portal-busca-opcao { padding: 8px 12px; border-radius: 6px; cursor: pointer; border-inline-start: 3px solid transparent; }
.portal-busca-opcao-ativa { background: #e6f4ff; border-inline-start-color: #1677ff; }
.portal-busca-grupo { padding: 10px 12px 4px; font-size: 12px; font-weight: 600; color: rgba(0,0,0,0.65); text-transform: uppercase; letter-spacing: .02em; }
.portal-busca-status { min-height: 22px; padding: 6px 4px 0; font-size: 13px; color: rgba(0,0,0,0.65); }
mark.portal-busca-destaque { background: #fff1b8; color: inherit; padding: 0 1px; border-radius: 2px; }
.portal-busca-atalho { font-family: inherit; font-size: 11px; padding: 0 4px; border: 1px solid #d9d9d9; border-radius: 4px; color: rgba(0,0,0,0.65); background: #fafafa; }
`;

export function SearchStyles() {
  return <style>{CSS}</style>;
}
