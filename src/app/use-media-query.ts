/**
 * Whether a CSS media query matches, kept up to date (false where matchMedia does not exist).
 * For layout switches that need a width other than the theme's breakpoints (antd's Grid).
 */
import { useEffect, useState } from 'react';

/** Phones: below 768 px wide. */
export const PHONE_MEDIA_QUERY = '(max-width: 767.98px)';

function mediaList(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => mediaList(query)?.matches ?? false);
  useEffect(() => {
    const mq = mediaList(query);
    if (!mq) return;
    const onChange = () => setMatches(mq.matches);
    onChange();
    mq.addEventListener?.('change', onChange);
    return () => mq.removeEventListener?.('change', onChange);
  }, [query]);
  return matches;
}
