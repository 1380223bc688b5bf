/**
 * The saved views above a list (issue 39): "Todos" and each view the person sees (theirs, then those
 * shared with them), each with its count of records, the default marked with a star; choosing one
 * applies its filters, sort, columns and page size. "Visões" saves the list as it is now as a new
 * view, updates, edits (name, sharing, delete) the person's own view, and sets or clears their
 * default. The list opened with no query string applies the default once (`applyDefault`).
 * Used by the generic list and by "Minhas pendências"; the list supplies its state and its count.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Dropdown, Segmented, Tooltip, Typography, type MenuProps } from 'antd';
import { DownOutlined, StarFilled, TeamOutlined } from '@ant-design/icons';
import type { SavedView, SavedViewState } from '../../../../resources/saved-views';
import { notify } from '../../providers/toast-store';
import { recordsText, totalText } from '../list-total';
import { SavedViewModal, type ViewDialogValues } from './saved-view-modal';
import { meaningfulFilters, sameView, useSavedViews, useViewCounts, type ViewCount } from './use-saved-views';

export interface SavedViewsBarProps {
  /** The list key: the entity's REST resource, or `pendencias`. */
  lista: string;
  /** The list's state now (what "Salvar nova visão" keeps). */
  current: SavedViewState;
  /** Applies a view's state to the list; null: "Todos" (the list's own defaults). */
  onApply: (state: SavedViewState | null) => void;
  /** The list's total under a state (one request per view). */
  count: (state: SavedViewState) => Promise<ViewCount>;
  /** What the counts depend on besides the view (a route's fixed filters, e.g. the site). */
  countScope?: string;
  /** The list opened without a query string: the person's default view is applied once. */
  applyDefault: boolean;
  /** The view the list was opened with (`?visao=`, a menu entry): applied once, before any default. */
  applyView?: number;
}

const ALL = 'todos';

/** The count as shown beside a view's name, and as read aloud. */
export function countTexts(count: ViewCount | null | undefined): { shown: string; spoken: string } {
  if (count === undefined) return { shown: '…', spoken: 'contando' };
  if (count === null) return { shown: '—', spoken: 'não foi possível contar' };
  return { shown: totalText(count.total, count.kind), spoken: recordsText(count.total, count.kind) };
}

function ViewLabel({ view, count, isDefault }: { view: SavedView; count?: ViewCount | null; isDefault: boolean }) {
  const texts = countTexts(count);
  const shared = view.papeis.length > 0 || view.obras.length > 0 || !view.minha;
  const tip = [
    isDefault ? 'Sua visão padrão nesta lista.' : '',
    view.minha ? (shared ? 'Compartilhada por você.' : '') : `Compartilhada por ${view.donoNome || view.dono}.`,
    count === undefined ? '' : texts.spoken,
  ]
    .filter(Boolean)
    .join(' ');
  const label = (
    <span data-visao={view.id}>
      {isDefault ? <StarFilled aria-label="padrão" style={{ color: '#faad14', marginInlineEnd: 4 }} /> : null}
      {shared ? <TeamOutlined aria-label="compartilhada" style={{ marginInlineEnd: 4 }} /> : null}
      {view.nome}
      <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }} aria-label={texts.spoken}>
        {texts.shown}
      </Typography.Text>
    </span>
  );
  return tip ? <Tooltip title={tip}>{label}</Tooltip> : label;
}

const BAR_STYLE = { display: 'flex', gap: 8, alignItems: 'center', marginBottom: 12, minWidth: 0 } as const;

/** The bar's place while the views load, the same height: the list below does not jump when they arrive. */
function LoadingBar() {
  return (
    <div role="region" aria-label="Visões salvas" aria-busy="true" style={BAR_STYLE}>
      <Segmented size="small" disabled value={ALL} options={[{ value: ALL, label: 'Todos' }]} />
      <Button size="small" disabled>
        Visões <DownOutlined />
      </Button>
    </div>
  );
}

export function SavedViewsBar({ lista, current, onApply, count, countScope = '', applyDefault, applyView }: SavedViewsBarProps) {
  const { answer, isLoading, create, update, remove, setDefault } = useSavedViews(lista);
  const views = useMemo(() => answer?.visoes ?? [], [answer]);
  const counts = useViewCounts(lista, views, count, countScope);
  const [selectedId, setSelectedId] = useState<number>();
  const [dialog, setDialog] = useState<'new' | 'edit'>();
  const defaultApplied = useRef(false);

  // The view named in the address (a menu entry), else the default when the list opened with no
  // query string: once.
  useEffect(() => {
    if (defaultApplied.current || !answer) return;
    defaultApplied.current = true;
    const named = applyView === undefined ? undefined : views.find((v) => v.id === applyView);
    const chosen = named ?? (applyDefault && answer.padrao !== null ? views.find((v) => v.id === answer.padrao) : undefined);
    if (!chosen) return;
    setSelectedId(chosen.id);
    onApply(chosen.estado);
  }, [answer, views, applyDefault, applyView, onApply]);

  const selected = views.find((v) => v.id === selectedId);
  // Highlighted: the chosen view while the list still shows it, else one that filters alike, else "Todos" when nothing filters.
  const active = (selected && sameView(current, selected.estado) ? selected : views.find((v) => sameView(current, v.estado)))?.id;
  const value = active !== undefined ? String(active) : meaningfulFilters(current.filtros).length ? undefined : ALL;

  if (!answer) return isLoading ? <LoadingBar /> : null;
  const isDefault = (v: SavedView) => answer.padrao === v.id;
  const fail = (title: string) => (e: unknown) => notify({ type: 'error', title, text: e instanceof Error ? e.message : String(e) });
  const stateNow = (): SavedViewState => ({ ...current, filtros: meaningfulFilters(current.filtros) });

  const saveNew = async (values: ViewDialogValues) => {
    const view = await create({ nome: values.nome, estado: stateNow(), ...(answer.podeCompartilhar ? { papeis: values.papeis, obras: values.obras } : {}) });
    if (values.padrao) await setDefault(view.id);
    setSelectedId(view.id);
    notify({ type: 'success', title: 'Visão salva', text: `“${view.nome}” aparece acima da lista.` });
  };
  const saveEdit = async (values: ViewDialogValues) => {
    if (!selected) return;
    const sharing = answer.podeCompartilhar ? { papeis: values.papeis, obras: values.obras } : {};
    const view = await update(selected.id, { version: selected.version, nome: values.nome, ...sharing });
    notify({ type: 'success', title: 'Visão alterada', text: `“${view.nome}” foi salva.` });
  };

  const items: MenuProps['items'] = [{ key: 'nova', label: 'Salvar nova visão…', onClick: () => setDialog('new') }];
  if (selected?.minha) {
    items.push(
      {
        key: 'atualizar',
        label: `Salvar a lista atual em “${selected.nome}”`,
        disabled: sameView(current, selected.estado) && JSON.stringify(current) === JSON.stringify(selected.estado),
        onClick: () =>
          void update(selected.id, { version: selected.version, estado: stateNow() })
            .then((v) => notify({ type: 'success', title: 'Visão atualizada', text: `“${v.nome}” guarda a lista como está agora.` }))
            .catch(fail('Visão não atualizada')),
      },
      { key: 'editar', label: `Renomear, compartilhar ou excluir “${selected.nome}”…`, onClick: () => setDialog('edit') },
    );
  }
  if (selected) {
    items.push(
      isDefault(selected)
        ? { key: 'sem-padrao', label: `Deixar de usar “${selected.nome}” como padrão`, onClick: () => void setDefault(null).catch(fail('Padrão não alterado')) }
        : { key: 'padrao', label: `Usar “${selected.nome}” como padrão`, onClick: () => void setDefault(selected.id).catch(fail('Padrão não alterado')) },
    );
  }

  return (
    <div role="region" aria-label="Visões salvas" style={BAR_STYLE}>
      <div style={{ overflowX: 'auto', minWidth: 0, flex: '0 1 auto' }}>
        <Segmented
          size="small"
          value={value ?? ''}
          onChange={(v) => {
            const id = String(v);
            if (id === ALL) {
              setSelectedId(undefined);
              onApply(null);
              return;
            }
            const view = views.find((x) => String(x.id) === id);
            if (!view) return;
            setSelectedId(view.id);
            onApply(view.estado);
          }}
          options={[
            { value: ALL, label: 'Todos' },
            ...views.map((v) => ({ value: String(v.id), label: <ViewLabel view={v} count={counts.get(v.id)} isDefault={isDefault(v)} /> })),
          ]}
        />
      </div>
      <Dropdown menu={{ items }} trigger={['click']}>
        <Button size="small">
          Visões <DownOutlined />
        </Button>
      </Dropdown>
      <SavedViewModal
        open={dialog !== undefined}
        view={dialog === 'edit' ? selected : undefined}
        canShare={answer.podeCompartilhar}
        onSubmit={dialog === 'edit' ? saveEdit : saveNew}
        onDelete={
          dialog === 'edit' && selected
            ? async () => {
                await remove(selected.id);
                setSelectedId(undefined);
                notify({ type: 'success', title: 'Visão excluída', text: `“${selected.nome}” foi excluída.` });
              }
            : undefined
        }
        onClose={() => setDialog(undefined)}
      />
    </div>
  );
}
