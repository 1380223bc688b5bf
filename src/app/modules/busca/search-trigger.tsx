/**
 * The search box in the header of every signed-in screen (issue 39): a button that opens the search
 * dialog, also with Ctrl+K (⌘K on a Mac) and "/" anywhere but in a field. The dialog's code loads
 * the first time it opens.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { SearchOutlined } from '@ant-design/icons';

const SearchDialog = lazy(() => import('./search-dialog').then((m) => ({ default: m.SearchDialog })));

/** Whether a key typed there is text (then "/" is a slash, not the shortcut). */
export function isTextTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  const tag = el.tagName.toLowerCase();
  return tag === 'input' || tag === 'textarea' || tag === 'select' || el.isContentEditable || !!el.closest?.('[role="combobox"],[contenteditable="true"]');
}

/** Ctrl+K / ⌘K, or "/" outside a text field: open the search. */
export function isSearchShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'target'>): boolean {
  if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') return true;
  return e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTextTarget(e.target);
}

const onMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export function SearchTrigger({ compact }: { compact?: boolean }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing animates and gives the focus back.
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (open) setUsed(true);
  }, [open]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isSearchShortcut(e)) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const shortcut = onMac() ? '⌘K' : 'Ctrl+K';
  return (
    <>
      <Button
        type={compact ? 'text' : 'default'}
        icon={<SearchOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        aria-label={compact ? 'Buscar' : undefined}
        title={`Buscar em todos os módulos (${shortcut} ou /)`}
        style={compact ? { flex: '0 0 auto', paddingInline: 8 } : { flex: '0 1 260px', minWidth: 0, justifyContent: 'flex-start', color: 'rgba(0,0,0,0.65)' }}
      >
        {compact ? null : (
          <span style={{ display: 'flex', alignItems: 'center', gap: 8, flex: '1 1 auto', minWidth: 0 }}>
            <span style={{ flex: '1 1 auto', textAlign: 'start' }}>Buscar</span>
            <kbd
              className="portal-busca-atalho"
              style={{ fontFamily: 'inherit', fontSize: 11, padding: '0 4px', border: '1px solid #d9d9d9', borderRadius: 4, background: '#fafafa' }}
            >
              {shortcut}
            </kbd>
          </span>
        )}
      </Button>
      {open || used ? (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
