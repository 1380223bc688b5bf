/**
 * The plan viewer (`/obras/:obra/plantas/:folha`, issue 42): the site's sheets beside the open one (a
 * side column on desktop, a drawer on the phone), the sheet's PDF with its pins, the pin filters in
 * the URL, a pin's panel, and "Novo item aqui": a tap on the sheet opens the new punch item with the
 * site, the sheet and the point filled in (`/itens-verificacao/novo?obra=&folha=&x=&y=`, read by the
 * create route's query prefill, src/app/pages/entity-page.tsx); "Fixar registro aqui": a tap opens the
 * choice of a record of the site to pin there (pin-record-modal.tsx); a flagged pin dragged to a new
 * place asks "Confirmar a nova posição?" (pin-move-confirm.tsx).
 */
import React, { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Drawer, Grid, Space, Typography } from 'antd';
import { AimOutlined, PushpinOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { schemaByName } from '../../../../schemas';
import { entityPaths } from '../../../../resources/routes';
import type { FiltroPinos, PinoDaFolha } from '../../../../resources/plantas';
import { usePode } from '../../access/pode';
import { notify } from '../../providers/toast-store';
import { Loading } from '../../views/loading';
import { PIN_FILTER_KEYS } from './plantas-api';
import { filtersFromSearch, PinFilters } from './pin-filters';
import { PinPanel } from './pin-panel';
import { PinMoveConfirm, type PinMove } from './pin-move-confirm';
import { PinRecordModal } from './pin-record-modal';
import { useMayChangePin, usePinnableKinds } from './pin-rights';
import type { SheetPoint } from './pin-drag';
import { SheetList, sheetPath } from './sheet-list';
import { SheetViewport } from './sheet-viewport';
import { usePins, useSheets } from './use-plan-data';
import { releaseEarlySheet } from './early-sheet';

const PLACE_HINT = { item: 'Toque na planta no lugar do novo item.', pino: 'Toque na planta no lugar do registro a fixar.' };

export function PlanViewerPage(): React.ReactElement {
  const { obra = '', folha: folhaParam } = useParams();
  const folha = folhaParam && /^\d+$/.test(folhaParam) ? Number(folhaParam) : undefined;
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const phone = !Grid.useBreakpoint().md;
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const { sheets, error: sheetsError } = useSheets(obra);
  const sheet = sheets?.find((s) => s.id === folha);
  const { pins, error: pinsError, seen, replace, reload } = usePins(sheet?.id, filters);
  const [open, setOpen] = useState<PinoDaFolha | null>(null);
  const [placing, setPlacing] = useState<'item' | 'pino' | null>(null);
  const [pinAt, setPinAt] = useState<SheetPoint | null>(null);
  const [moving, setMoving] = useState<PinMove | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const mayCreate = usePode({ I: 'create', a: 'ItemVerificacao', this: { obra } });
  const kinds = usePinnableKinds(obra);
  const mayMove = useMayChangePin(obra);
  // While a move waits for its confirmation, the pin shows where it was dropped.
  const shown = moving ? pins.map((p) => (p.chave === moving.pin.chave ? { ...p, ...moving.point } : p)) : pins;

  // A cold start's splash (early-sheet.ts) stays until the sheet is drawn (sheet-viewport.tsx), or gives
  // way to what this page shows instead: an error, no sheet, a sheet without a file (another address:
  // early-sheet-splash.tsx).
  const noDrawing = !!sheetsError || (!!sheets && !sheet?.arquivo);
  useEffect(() => {
    if (noDrawing) releaseEarlySheet();
  }, [noDrawing]);

  // Without a sheet in the path, the first current sheet opens.
  useEffect(() => {
    if (sheets?.length && folha === undefined) navigate(sheetPath(obra, (sheets.find((s) => s.ativa) ?? sheets[0]).id), { replace: true });
  }, [sheets, folha, obra, navigate]);

  const setFilters = (f: FiltroPinos) => {
    const next = new URLSearchParams(search);
    for (const k of PIN_FILTER_KEYS) {
      const v = f[k];
      if (v === undefined || v === false || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    setSearch(next, { replace: true });
  };

  const place = (p: SheetPoint) => {
    if (placing === 'pino') {
      setPlacing(null);
      setPinAt(p);
      return;
    }
    const q = new URLSearchParams({ obra, folha: String(sheet!.id), x: String(p.x), y: String(p.y) });
    navigate(`${entityPaths(schemaByName('itemVerificacao')!).create}?${q}`);
  };
  const updated = (p: PinoDaFolha) => {
    replace(p);
    setOpen((o) => (o?.chave === p.chave ? p : o));
  };
  const modeButton = (mode: 'item' | 'pino', label: string, icon: React.ReactNode) => (
    <Button
      type={placing === mode ? 'primary' : 'default'}
      icon={icon}
      aria-pressed={placing === mode}
      onClick={() => setPlacing((m) => (m === mode ? null : mode))}
    >
      {label}
    </Button>
  );

  if (sheetsError) return <Alert type="error" showIcon message={sheetsError} />;
  if (!sheets) return <Loading style={{ margin: '48px auto' }} label="Carregando as plantas" />;
  if (!sheets.length) return <Alert type="info" showIcon message="Esta obra ainda não tem folhas de planta." />;

  const list = <SheetList obra={obra} sheets={sheets} current={sheet?.id} onPick={() => setListOpen(false)} />;
  return (
    <div style={{ display: 'flex', gap: 12, height: phone ? 'calc(100dvh - 140px)' : 'calc(100vh - 180px)', minHeight: 420 }}>
      {phone ? (
        <Drawer open={listOpen} onClose={() => setListOpen(false)} title="Folhas da obra" placement="left" width="85%">
          {list}
        </Drawer>
      ) : (
        <aside style={{ width: 280, flex: 'none', overflowY: 'auto' }}>{list}</aside>
      )}
      <section style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 8 }} aria-label="Visualizador da planta">
        <Space wrap size={8} style={{ justifyContent: 'space-between' }}>
          <Space size={8} wrap>
            {phone ? (
              <Button icon={<UnorderedListOutlined />} onClick={() => setListOpen(true)}>
                Folhas
              </Button>
            ) : null}
            <Typography.Title level={4} style={{ margin: 0 }}>
              {sheet ? `${sheet.codigo} — ${sheet.titulo}` : 'Folha não encontrada'}
            </Typography.Title>
          </Space>
          {sheet ? (
            <Space size={8} wrap>
              {mayCreate ? modeButton('item', 'Novo item aqui', <AimOutlined />) : null}
              {kinds.length ? modeButton('pino', 'Fixar registro aqui', <PushpinOutlined />) : null}
            </Space>
          ) : null}
        </Space>
        {sheet ? (
          <>
            <PinFilters value={filters} onChange={setFilters} states={seen.states} companies={seen.companies} />
            {placing ? <Alert type="info" showIcon message={PLACE_HINT[placing]} /> : null}
            {pinsError ? <Alert type="error" showIcon message={pinsError} /> : null}
            <Typography.Text type="secondary" role="status">
              {`${pins.length} ${pins.length === 1 ? 'pino' : 'pinos'} nesta folha`}
            </Typography.Text>
            <div style={{ flex: 1, minHeight: 0 }}>
              <SheetViewport
                key={sheet.id}
                sheet={sheet}
                pins={shown}
                selected={open?.chave}
                onOpenPin={setOpen}
                onPlace={placing ? place : undefined}
                mayMove={mayMove}
                onMovePin={(pin, point) => setMoving({ pin, point })}
              />
            </div>
            <PinPanel
              pin={open}
              folha={sheet.id}
              obra={obra}
              onClose={() => setOpen(null)}
              onConfirmed={updated}
              onUnpinned={() => {
                setOpen(null);
                reload();
                notify({ type: 'success', title: 'Registro desafixado da planta.' });
              }}
            />
            {pinAt ? (
              <PinRecordModal
                folha={sheet.id}
                obra={obra}
                point={pinAt}
                kinds={kinds}
                onClose={() => setPinAt(null)}
                onPinned={(p) => {
                  setPinAt(null);
                  reload();
                  notify({ type: 'success', title: `Registro fixado na planta: ${p.titulo}.` });
                }}
              />
            ) : null}
            {moving ? (
              <PinMoveConfirm
                folha={sheet.id}
                move={moving}
                onCancel={() => setMoving(null)}
                onConfirmed={(p) => {
                  setMoving(null);
                  updated(p);
                }}
              />
            ) : null}
          </>
        ) : (
          <Alert type="warning" showIcon message="Esta folha não existe nesta obra ou você não tem acesso a ela. Escolha outra na lista." />
        )}
      </section>
    </div>
  );
}
