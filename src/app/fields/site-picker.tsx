/**
 * Site picker (spec §2): search the sites the user may see (a client only gets their own,
 * the API applies the rules), set `{obra}` of the current site-required route, open the site's
 * own list of the entity the page lists (`/diarios` → `/101/diarios`), or open the site's page;
 * the last site is remembered. It shows the site the page is about, and nothing on a page about
 * every site (issue 36: `/diarios` listed every site with 101 shown) unless the person has one site.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Select } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { ROUTED, fillPath } from '../../../resources/routes';
import type { AppRoute } from '../../../resources/routes/types';
import { useCurrentRoute } from '../guard/navigation-guard';
import { rememberObra, useLayoutServices, type ObraOption } from '../providers/layout-services';

/** The site's own list of the entity a list of every site shows (`/diarios` → `/:obra/diarios`), if the route table has one. */
export function siteListOf(route: AppRoute | undefined, routes: readonly AppRoute[] = ROUTED): AppRoute | undefined {
  const entity = route?.entity;
  if (!entity || entity.view !== 'list' || route.obraObrigatoria || Object.keys(entity.filters ?? {}).length) return undefined;
  return routes.find(
    (r) =>
      r.path.includes(':obra') &&
      !r.query &&
      r.entity?.name === entity.name &&
      r.entity.view === 'list' &&
      Object.values(r.entity.filters ?? {}).every((v) => v === ':obra'),
  );
}

/** Where choosing `obra` leads from the current route. */
export function targetForObra(obra: string, current: ReturnType<typeof useCurrentRoute>, search: string): string {
  if (current?.route.path.includes(':obra')) {
    const path = fillPath(current.route.path, { ...current.params, obra });
    if (path) return path + search;
  }
  if (current?.route.obraObrigatoria) {
    const qs = new URLSearchParams(search);
    qs.set('obra', obra);
    return `${current.route.path}?${qs}`;
  }
  const siteList = siteListOf(current?.route);
  const path = siteList ? fillPath(siteList.path, { obra }) : undefined;
  if (path) return path;
  return `/obras/${encodeURIComponent(obra)}`;
}

/** `compact`: a narrow box for a phone's header (the code shows, the list opens at a readable width). */
export function SitePicker({ value, style, compact }: { value?: string; style?: React.CSSProperties; compact?: boolean }) {
  const { searchObras } = useLayoutServices();
  const navigate = useNavigate();
  const location = useLocation();
  const current = useCurrentRoute();
  const [options, setOptions] = useState<ObraOption[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seq = useRef(0);

  const search = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const n = ++seq.current;
      setLoading(true);
      searchObras(text).then(
        (rows) => {
          if (!text.trim()) setOnlySite(rows.length === 1 ? rows[0].Id_Lista : undefined);
          if (n !== seq.current) return;
          setOptions(rows);
          setLoading(false);
        },
        () => n === seq.current && setLoading(false),
      );
    }, 250);
  };

  useEffect(() => {
    search('');
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The person's sites, as the first search (no text) found them: one site only is the page's site anyway.
  const [onlySite, setOnlySite] = useState<string>();
  const shown = value ?? onlySite;

  const selectOptions = useMemo(() => {
    const opts = options.map((o) => ({ value: o.Id_Lista, label: o.nome ? `${o.Id_Lista} – ${o.nome}` : o.Id_Lista }));
    if (shown && !opts.some((o) => o.value === shown)) opts.unshift({ value: shown, label: shown });
    return opts;
  }, [options, shown]);

  return (
    <Select
      showSearch
      allowClear={false}
      aria-label="Selecionar obra"
      placeholder="Selecione uma obra"
      value={shown}
      filterOption={false}
      onSearch={search}
      loading={loading}
      notFoundContent={loading ? 'Buscando…' : 'Nenhuma obra encontrada'}
      options={selectOptions}
      style={{ minWidth: compact ? 0 : 220, ...style }}
      popupMatchSelectWidth={compact ? 280 : true}
      // onSelect, not onChange: a person with one site sees it already chosen and still opens it by choosing it.
      onSelect={(obra: string) => {
        rememberObra(obra);
        navigate(targetForObra(obra, current, location.search));
      }}
    />
  );
}
