/**
 * Theme of the portal (docs/specification.md §1 and §9): primary #6305c6, secondary #ff6101,
 * breakpoints sm 600, md 960, lg 1280, xl 1920, xxl 2560; the mobile breakpoint is lg.
 *
 * The breakpoints are set as antd screen tokens, so `Grid.useBreakpoint()` and every
 * responsive antd component use them.
 */
import type { ThemeConfig } from 'antd';

export const PRIMARY_COLOR = '#6305c6';
export const SECONDARY_COLOR = '#ff6101';

export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
/** Below this width the sidebar becomes a drawer. */
export const MOBILE_BREAKPOINT = BREAKPOINTS.lg;

const screens = {
  screenXS: 480,
  screenXSMin: 480,
  screenXSMax: BREAKPOINTS.sm - 1,
  screenSM: BREAKPOINTS.sm,
  screenSMMin: BREAKPOINTS.sm,
  screenSMMax: BREAKPOINTS.md - 1,
  screenMD: BREAKPOINTS.md,
  screenMDMin: BREAKPOINTS.md,
  screenMDMax: BREAKPOINTS.lg - 1,
  screenLG: BREAKPOINTS.lg,
  screenLGMin: BREAKPOINTS.lg,
  screenLGMax: BREAKPOINTS.xl - 1,
  screenXL: BREAKPOINTS.xl,
  screenXLMin: BREAKPOINTS.xl,
  screenXLMax: BREAKPOINTS.xxl - 1,
  screenXXL: BREAKPOINTS.xxl,
  screenXXLMin: BREAKPOINTS.xxl,
};

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    colorInfo: PRIMARY_COLOR,
    colorWarning: SECONDARY_COLOR,
    // Danger buttons and error texts at WCAG AA contrast on white (5.6:1; antd's #ff4d4f gives 3.26:1).
    colorError: '#cf1322',
    // Secondary texts (breadcrumb, hints, counters) at WCAG AA contrast on white and on #f5f5f5.
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    // Placeholders at 4.7:1 on white (antd's #bfbfbf gives 1.83:1).
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    fontFamily: "Roboto, -apple-system, BlinkMacSystemFont, 'Segoe UI', 'Helvetica Neue', Arial, sans-serif",
    ...screens,
  },
  components: {
    Layout: { siderBg: '#ffffff', headerBg: '#ffffff', headerPadding: '0 16px' },
    Menu: { itemSelectedColor: PRIMARY_COLOR, groupTitleColor: '#595959' }, // group titles at 7:1 contrast
  },
};
