/**
 * Dismissible 'Precisa de ajuda?' banner linking to the service-desk portal, to report a bug
 * or suggest an improvement. On close it slides out and is unmounted after 500 ms; it stays
 * closed for the rest of the session (sessionStorage). On a phone it is shown in full once per
 * device (localStorage); afterwards it starts as a small round "?" button in a corner that opens it.
 * On a phone the open banner also collapses back to that button ("Recolher ajuda"), and the choice,
 * collapsed or expanded, is remembered on the device (localStorage). Wider screens keep the bar.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { BugOutlined, BulbOutlined, CloseOutlined, DownOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { HELP_BANNER_COLLAPSED_KEY, HELP_BANNER_HIDE_DELAY, HELP_BANNER_SEEN_KEY, HELP_BANNER_STORAGE_KEY, PRIMARY_COLOR } from './constants';
import { PHONE_MEDIA_QUERY, useMediaQuery } from '../use-media-query';

export interface HelpBannerProps {
  /** Service-desk portal (`helpUrl` of /api/v1/config). Without it the banner is not shown. */
  helpUrl?: string | null;
  /** Page to report a bug; defaults to `helpUrl`. */
  bugUrl?: string | null;
  /** Page to suggest an improvement; defaults to `helpUrl`. */
  improvementUrl?: string | null;
  /** Where the "closed" flag is kept; default sessionStorage. */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Default 500 ms. */
  hideDelay?: number;
  onClosed?: () => void;
  /** Whether the screen is a phone's; default: the PHONE_MEDIA_QUERY media query. */
  phone?: boolean;
  /** Where the "seen once" flag and the phone's collapsed/expanded choice are kept; default localStorage. */
  seenStorage?: Pick<Storage, 'getItem' | 'setItem'> | null;
}

type BannerPhase = 'open' | 'closing' | 'closed';

function safeSessionStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function safeLocalStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readValue(storage: Pick<Storage, 'getItem'> | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function readFlag(storage: Pick<Storage, 'getItem'> | null, key: string): boolean {
  return readValue(storage, key) === '1';
}

function writeValue(storage: Pick<Storage, 'setItem'> | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // storage full or blocked: the choice holds for this page view only
  }
}

function readClosed(storage: Pick<Storage, 'getItem'> | null): boolean {
  return readFlag(storage, HELP_BANNER_STORAGE_KEY);
}

/** Whether the screen is a phone's (PHONE_MEDIA_QUERY). */
export function usePhoneScreen(): boolean {
  return useMediaQuery(PHONE_MEDIA_QUERY);
}

export function HelpBanner({
  helpUrl,
  bugUrl,
  improvementUrl,
  storage = safeSessionStorage(),
  hideDelay = HELP_BANNER_HIDE_DELAY,
  onClosed,
  phone: phoneProp,
  seenStorage = safeLocalStorage(),
}: HelpBannerProps) {
  const [phase, setPhase] = useState<BannerPhase>(() => (readClosed(storage) ? 'closed' : 'open'));
  const phoneScreen = usePhoneScreen();
  const phone = phoneProp ?? phoneScreen;
  // Seen before on this device: a phone starts with the icon (read once, at the first render).
  const [seenBefore] = useState(() => readFlag(seenStorage, HELP_BANNER_SEEN_KEY));
  // The person's own choice on a phone (collapsed '1' / expanded '0') wins over "seen before".
  const [collapsedChoice, setCollapsedChoice] = useState<boolean | null>(() => {
    const v = readValue(seenStorage, HELP_BANNER_COLLAPSED_KEY);
    return v === '1' ? true : v === '0' ? false : null;
  });
  const collapsed = phone && (collapsedChoice ?? seenBefore);
  const choose = (value: boolean) => {
    setCollapsedChoice(value);
    writeValue(seenStorage, HELP_BANNER_COLLAPSED_KEY, value ? '1' : '0');
  };

  useEffect(() => {
    if (!helpUrl || phase !== 'open' || !phone || seenBefore) return;
    try {
      seenStorage?.setItem(HELP_BANNER_SEEN_KEY, '1');
    } catch {
      // storage blocked: the banner shows in full again next time
    }
  }, [helpUrl, phase, phone, seenBefore, seenStorage]);

  const onClosedRef = useRef(onClosed);
  onClosedRef.current = onClosed;

  useEffect(() => {
    if (phase !== 'closing') return;
    const t = setTimeout(() => {
      setPhase('closed');
      onClosedRef.current?.();
    }, hideDelay);
    return () => clearTimeout(t);
  }, [phase, hideDelay]);

  if (phase === 'closed' || !helpUrl) return null;

  const close = () => {
    try {
      storage?.setItem(HELP_BANNER_STORAGE_KEY, '1');
    } catch {
      // storage full or blocked: the banner still closes for this page view
    }
    setPhase('closing');
  };

  if (collapsed) {
    // An icon at the bottom left corner (form buttons sit at the right): the banner on a tap.
    return (
      <Button
        data-testid="help-banner-icon"
        shape="circle"
        icon={<QuestionCircleOutlined style={{ color: PRIMARY_COLOR }} />}
        aria-label="Precisa de ajuda?"
        title="Precisa de ajuda?"
        aria-expanded={false}
        onClick={() => choose(false)}
        style={{ position: 'fixed', left: 8, bottom: 8, zIndex: 900, boxShadow: '0 2px 8px rgba(0,0,0,0.15)' }}
      />
    );
  }

  const linkStyle = { color: PRIMARY_COLOR, fontWeight: 500 } as const;
  return (
    <>
      <aside
        data-testid="help-banner"
        data-phase={phase}
        aria-label="Precisa de ajuda?"
        aria-hidden={phase === 'closing' || undefined}
        // A bar docked under the page (in the layout, not over it): it never covers a button.
        style={{
          flex: '0 0 auto',
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: 16,
          rowGap: 2,
          background: '#fff',
          borderTop: `2px solid ${PRIMARY_COLOR}`,
          boxShadow: '0 -2px 8px rgba(0,0,0,0.06)',
          padding: '4px 12px',
          overflow: 'hidden',
          maxHeight: phase === 'closing' ? 0 : 120,
          transform: phase === 'closing' ? 'translateY(100%)' : 'translateY(0)',
          opacity: phase === 'closing' ? 0 : 1,
          transition: `transform ${hideDelay}ms ease-in, opacity ${hideDelay}ms ease-in, max-height ${hideDelay}ms ease-in`,
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <QuestionCircleOutlined aria-hidden style={{ color: PRIMARY_COLOR, fontSize: 16 }} />
          <strong>Precisa de ajuda?</strong>
        </div>
        <span style={{ color: 'rgba(0,0,0,0.65)' }}>Abra um chamado no portal de atendimento:</span>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
          <a href={bugUrl || helpUrl} target="_blank" rel="noopener noreferrer" style={linkStyle}>
            <BugOutlined aria-hidden /> Reportar um erro
          </a>
          <a href={improvementUrl || helpUrl} target="_blank" rel="noopener noreferrer" style={linkStyle}>
            <BulbOutlined aria-hidden /> Sugerir uma melhoria
          </a>
        </div>
        <div style={{ display: 'flex', gap: 4, marginLeft: 'auto' }}>
          {phone ? (
            // On a phone the bar folds back into the round "?" button (remembered on the device).
            <Button
              type="text"
              size="small"
              icon={<DownOutlined />}
              aria-label="Recolher ajuda"
              title="Recolher"
              aria-expanded
              onClick={() => choose(true)}
              disabled={phase === 'closing'}
            />
          ) : null}
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label="Fechar ajuda" title="Fechar" onClick={close} disabled={phase === 'closing'} />
        </div>
      </aside>
    </>
  );
}

/**
 * `helpUrl` from `/api/v1/config` (read once; undefined while loading or if unavailable).
 * Skips the request when `given` is set.
 */
export function useHelpUrl(given?: string | null, configUrl = '/api/v1/config'): string | undefined {
  const [url, setUrl] = useState<string | undefined>(given ?? undefined);
  useEffect(() => {
    if (given !== undefined) {
      setUrl(given ?? undefined);
      return;
    }
    if (typeof fetch === 'undefined') return;
    let cancelled = false;
    fetch(configUrl, { headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() : null))
      .then((cfg: unknown) => {
        const value = cfg && typeof cfg === 'object' ? (cfg as { helpUrl?: unknown }).helpUrl : undefined;
        if (!cancelled && typeof value === 'string' && value) setUrl(value);
      })
      .catch(() => {
        // no configuration: no banner
      });
    return () => {
      cancelled = true;
    };
  }, [given, configUrl]);
  return url;
}
