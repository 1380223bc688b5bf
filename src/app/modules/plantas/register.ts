/**
 * A site's plan sheets (issue 42): their create view is "Nova folha de planta", which sends a PDF (each
 * page a sheet) or marks a CRE document as a plan; a sheet's page ("Ver" on the sheets' list) is its
 * viewer with the pins (`/obras/:obra/plantas/:folha`). Imported by src/app/modules/register.ts.
 */
import { lazy } from 'react';
import { registerViewOverride } from '../../views/overrides';

registerViewOverride('folhaPlanta', {
  create: lazy(() => import('./planta-upload-page').then((m) => ({ default: m.PlantaUploadPage }))),
  show: lazy(() => import('./sheet-show-redirect').then((m) => ({ default: m.SheetShowRedirect }))),
});
