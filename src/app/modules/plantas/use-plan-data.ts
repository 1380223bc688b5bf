/**
 * The plan viewer's data (issue 42): the site's sheets, loaded once per site, and the pins of the
 * open sheet with the filters, loaded again when the filters change or after a pin is added or
 * removed (`reload`); the states and companies seen feed the filter choices.
 */
import { useCallback, useEffect, useState } from 'react';
import type { FiltroPinos, FolhaDaObra, PinoDaFolha } from '../../../../resources/plantas';
import { fetchPins, fetchSheets } from './plantas-api';
import { earlySheets, forgetEarlySheets } from './early-sheet';

/**
 * The site's sheets, loaded once per site. On a cold start on a sheet's address the list the device
 * kept (early-sheet.ts) is shown until the API answers, so the sheet opens without waiting for it.
 */
export function useSheets(obra: string) {
  const [sheets, setSheets] = useState<FolhaDaObra[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    let answered = false;
    setSheets(undefined);
    void earlySheets(obra)?.then((s) => live && !answered && s && setSheets(s));
    fetchSheets(obra).then(
      (s) => {
        answered = true;
        forgetEarlySheets();
        if (live) setSheets(s);
      },
      (e: Error) => {
        answered = true;
        if (live) setError(e.message);
      },
    );
    return () => {
      live = false;
    };
  }, [obra]);
  return { sheets, error };
}

/** The pins of the sheet with the filters; `replace` puts one pin as the API answered it, `reload` asks again. */
export function usePins(folha: number | undefined, filters: FiltroPinos) {
  const [pins, setPins] = useState<PinoDaFolha[]>([]);
  const [error, setError] = useState<string>();
  const [seen, setSeen] = useState({ states: new Map<string, string>(), companies: [] as string[] });
  const [round, setRound] = useState(0);
  const key = JSON.stringify(filters);
  useEffect(() => {
    if (!folha) return;
    let live = true;
    setError(undefined);
    fetchPins(folha, JSON.parse(key) as FiltroPinos).then(
      (p) => {
        if (!live) return;
        setPins(p);
        setSeen((s) => {
          const states = new Map(s.states);
          for (const x of p) if (x.estado) states.set(x.estado.valor, x.estado.rotulo);
          const companies = [...new Set([...s.companies, ...p.flatMap((x) => (x.empresa ? [x.empresa] : []))])];
          return { states, companies };
        });
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [folha, key, round]);
  const replace = useCallback((p: PinoDaFolha) => setPins((all) => all.map((x) => (x.chave === p.chave ? p : x))), []);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { pins, error, seen, replace, reload };
}
