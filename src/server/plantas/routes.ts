/** The plan routes of issue 42, mounted by src/server/app.ts (each file says what it answers). */
export { siteSheetRoutes } from './site-routes';
export { pinRoutes } from './pin-routes';
export { creSheetRoutes } from './cre-routes';
export { punchReportRoutes } from './report-routes';
export { sheetThumbnailRoutes } from './thumbnail-routes';
