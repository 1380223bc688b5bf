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

/**
 * Text colour of the coloured tags (`<Tag color="green">`: shade 7 of the colour on its shade 1). Where
 * antd's shade 7 is under 4.5:1 on the tag's background, the first darker shade that reaches it.
 */
const TAG_TEXTS = {
  volcano7: '#ad2102', // 6.4:1 (antd's #d4380d: 4.4:1)
  orange7: '#ad4e00', // 5.1:1 (3.3:1)
  gold7: '#874d00', // 6.5:1 (2.8:1)
  yellow7: '#876800', // 5.2:1 (2.1:1)
  lime7: '#3f6600', // 6.6:1 (2.5:1)
  green7: '#237804', // 5.4:1 (3.4:1)
  cyan7: '#006d75', // 5.8:1 (3.4:1)
};
const WARNING_TEXT = '#ad4e00';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    // A hovered or pressed link darkens (11.9:1 on white, 11.4:1 on a hovered row): antd's lighter
    // #9f4fe0 gave 4.5:1 on white and 4.3:1 on a hovered table row, under AA.
    colorLinkHover: '#4b0497',
    colorLinkActive: '#4b0497',
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
    // Texts antd draws "disabled": a table's or list's "Sem dados", the value of a read-only select
    // (#f5f5f5 background), the other months' days in a calendar. 4.8:1 on #f5f5f5 (antd's gives 1.8:1).
    colorTextDisabled: 'rgba(0, 0, 0, 0.56)',
    // Success texts (progress "100%", status tags, Typography) at 5.6:1 on white (antd's #52c41a gives 2.3:1).
    colorSuccess: '#237804',
    // antd derives the success backgrounds from that seed, and from a dark one it gives a grey green
    // (#adb8a5: a "Concluída" tag at 2.7:1); the usual light green instead (the text at 5.4:1 on it).
    colorSuccessBg: '#f6ffed',
    colorSuccessBgHover: '#d9f7be',
    colorSuccessBorder: '#b7eb8f',
    ...TAG_TEXTS,
    // 'Roboto Fallback' (root/font-fallback.css): a local font at Roboto's metrics until Roboto loads.
    fontFamily: "Roboto, 'Roboto Fallback', -apple-system, BlinkMacSystemFont, 'Segoe UI', 'Helvetica Neue', Arial, sans-serif",
    ...screens,
  },
  components: {
    Layout: { siderBg: '#ffffff', headerBg: '#ffffff', headerPadding: '0 16px' },
    // The secondary colour (#ff6101, 3:1) stays for icons and bars; warning texts are at 5.4:1.
    Tag: { colorWarning: WARNING_TEXT },
    Typography: { colorWarning: WARNING_TEXT },
    // The off switch's white "Não" on a 4.9:1 track (antd's #bfbfbf gives 1.8:1).
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.56)' },
    Menu: { itemSelectedColor: PRIMARY_COLOR, groupTitleColor: '#595959' }, // group titles at 7:1 contrast
  },
};
