/**
 * A site's plan sheets (issue 42): their create view is "Nova folha de planta", which sends a PDF (each
 * page a sheet) or marks a CRE document as a plan. Imported by src/app/modules/register.ts.
 */
import { lazy } from 'react';
import { registerViewOverride } from '../../views/overrides';

registerViewOverride('folhaPlanta', {
  create: lazy(() => import('./planta-upload-page').then((m) => ({ default: m.PlantaUploadPage }))),
});
