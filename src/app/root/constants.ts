/**
 * Root-screen constants (spec sections 4 and 9). Durations in milliseconds.
 */

import { BREAKPOINTS as THEME_BREAKPOINTS, PRIMARY_COLOR, SECONDARY_COLOR } from '../theme';

export { PRIMARY_COLOR, SECONDARY_COLOR };

/** Product name shown on the loading overlay. */
export const PRODUCT_NAME = 'Portal';

/** Loading overlay on first load: visible at least ~4 s, then fades out. */
export const LOADING_OVERLAY = { minDuration: 4000, fadeDuration: 500 } as const;

/** Action overlay while an action runs (executandoAcao): 1000 ms, then a 500 ms fade. */
export const ACTION_OVERLAY = { minDuration: 1000, fadeDuration: 500 } as const;

/**
 * z-index of the loading and action overlays. Not given by the spec: chosen above the
 * dialogs (2400) so nothing can be clicked while they show, and below the toasts (99999).
 */
export const OVERLAY_Z_INDEX = 3000;

/** Help banner: hidden (unmounted) this long after its close starts sliding it out. */
export const HELP_BANNER_HIDE_DELAY = 500;

/** Notification toasts (defined with their store). */
export { TOAST } from '../providers/toast-store';

/** Confirm and alert dialogs. */
export const DIALOG = { width: 400, zIndex: 2400, overlayZIndex: 2000 } as const;

/** Quick-confirm and quick-input menus. */
export const QUICK_MENU = { width: 350 } as const;

export const PAGE_MAX_HEIGHT = '99.5vh';

/**
 * Breakpoints in px (minimum widths): sm 600, md 960, lg 1280, xl 1920, xxl 2560
 * (the theme's values, single source in `src/app/theme.ts`). The mobile layout applies below `lg`.
 */
export const BREAKPOINTS = THEME_BREAKPOINTS;
export type BreakpointName = Exclude<keyof typeof BREAKPOINTS, 'xs'>;
export const MOBILE_BREAKPOINT_NAME: BreakpointName = 'lg';
/** Width (px) below which the mobile layout applies. */
export const MOBILE_BREAKPOINT_WIDTH: number = BREAKPOINTS[MOBILE_BREAKPOINT_NAME];

/** Roboto weights loaded lazily (bundled through @fontsource/roboto). */
export const FONT_WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
export const FONT_FAMILY = "Roboto, -apple-system, BlinkMacSystemFont, 'Segoe UI', 'Helvetica Neue', Arial, sans-serif";

/**
 * Storage key: the loading overlay was shown in full — in sessionStorage '1' for the tab, in
 * localStorage the sign-in it was shown for (root/loading-seen.ts). The specification's ~4 s minimum
 * is for the first load; a reload, a new tab or a return from the sign-in page within the session
 * shows the app as soon as it is ready (issue 28).
 */
export const LOADING_OVERLAY_SEEN_KEY = 'carregamentoVisto';

/** sessionStorage key that keeps the help banner closed for the rest of the session. */
export const HELP_BANNER_STORAGE_KEY = 'ajudaBannerFechado';

/** localStorage key: the help banner was shown once in full on this device (on phones it then starts as an icon). */
export const HELP_BANNER_SEEN_KEY = 'ajudaBannerVisto';

/**
 * localStorage key: the person's choice on a phone — '1' the help banner collapsed to its round "?"
 * button, '0' expanded. Without a choice, a phone shows it in full the first time only.
 */
export const HELP_BANNER_COLLAPSED_KEY = 'ajudaBannerRecolhido';

/** The element the app mounts into. */
export const APP_ELEMENT_ID = 'app';
