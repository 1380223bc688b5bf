/**
 * Keyboard focus of a step's confirmation ("Confirmar: Aprovar?", WCAG 2.1.1 and 2.4.3). antd's
 * Popconfirm leaves focus on the step's button and draws its pop-up at the end of <body>: with the
 * keyboard, "Confirmar" was many Tabs away, and Escape there did nothing. Here the opened
 * confirmation takes focus on "Confirmar"; Escape closes it; closing gives focus back to the step's
 * button, or, after the step was taken (its button is gone), to the "Situação e ações" region.
 */
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';

/**
 * `open`: the step whose confirmation is open; `offered`: the steps on offer (a new list after a
 * step was taken: if its button went away with focus on it, focus goes to the region).
 */
export function useConfirmFocus(open: string | undefined, setOpen: (name: string | undefined) => void, offered: unknown) {
  const uid = useId();
  const triggerId = (name: string) => `${uid}-${name}`;
  const okId = (name: string) => `${uid}-${name}-ok`;
  const taken = useRef(false);
  const regionAfterStep = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const region = regionAfterStep.current;
    const active = document.activeElement;
    if (region?.isConnected && (!active || active === document.body)) {
      region.focus();
      regionAfterStep.current = null;
      taken.current = false;
    }
  }, [offered]);

  // The pop-up mounts a frame or so after the state changes.
  useEffect(() => {
    if (!open) return;
    let raf = 0;
    let frames = 0;
    const focusOk = () => {
      const ok = document.getElementById(okId(open));
      if (ok) ok.focus();
      else if (frames++ < 30) raf = requestAnimationFrame(focusOk);
    };
    raf = requestAnimationFrame(focusOk);
    return () => cancelAnimationFrame(raf);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  /** Called when `name`'s confirmation closes: focus back where the keyboard left, unless the user clicked elsewhere. */
  function closed(name: string) {
    const active = document.activeElement;
    const popup = document.getElementById(okId(name))?.closest('.ant-popover');
    const trigger = document.getElementById(triggerId(name));
    const lost = !active || active === document.body || !!popup?.contains(active);
    const region = trigger?.closest<HTMLElement>('[role="region"]');
    const wasTaken = taken.current;
    taken.current = false;
    if (!lost) return;
    if (wasTaken && region) region.focus();
    else trigger?.focus();
  }

  return {
    triggerId,
    okId,
    /** The step was taken: focus goes to the region (the button is about to go away). */
    markTaken: (name: string) => {
      taken.current = true;
      regionAfterStep.current = document.getElementById(triggerId(name))?.closest<HTMLElement>('[role="region"]') ?? null;
    },
    onOpenChange: (name: string) => (o: boolean) => {
      setOpen(o ? name : undefined);
      if (!o) closed(name);
    },
    /** Escape inside the pop-up (its key events reach the group through React's portal). */
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !open) return;
      const name = open;
      setOpen(undefined);
      closed(name);
    },
  };
}
