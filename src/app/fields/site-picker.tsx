/**
 * Site picker (spec §2): search the sites the user may see (a client only gets their own,
 * the API applies the rules), set `{obra}` of the current site-required route, or open the
 * site's page; the last site is remembered.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Select } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { fillPath } from '../../../resources/routes';
import { useCurrentRoute } from '../guard/navigation-guard';
import { rememberObra, useLayoutServices, type ObraOption } from '../providers/layout-services';

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

  const selectOptions = useMemo(() => {
    const opts = options.map((o) => ({ value: o.Id_Lista, label: o.nome ? `${o.Id_Lista} – ${o.nome}` : o.Id_Lista }));
    if (value && !opts.some((o) => o.value === value)) opts.unshift({ value, label: value });
    return opts;
  }, [options, value]);

  return (
    <Select
      showSearch
      allowClear={false}
      aria-label="Selecionar obra"
      placeholder="Selecione uma obra"
      value={value}
      filterOption={false}
      onSearch={search}
      loading={loading}
      notFoundContent={loading ? 'Buscando…' : 'Nenhuma obra encontrada'}
      options={selectOptions}
      style={{ minWidth: compact ? 0 : 220, ...style }}
      popupMatchSelectWidth={compact ? 280 : true}
      onChange={(obra: string) => {
        rememberObra(obra);
        navigate(targetForObra(obra, current, location.search));
      }}
    />
  );
}
