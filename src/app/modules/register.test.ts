/**
 * The app's composition root registers every feature module's contribution to the engine: the
 * buttons and inputs of the generic views and the entities' own views.
 */
import { describe, expect, it } from 'vitest';
import { schemaByName } from '../../../schemas';
import { listActions, registeredFieldInput, relatedListActions } from '../views/extensions';
import { getViewOverride } from '../views/overrides';
import { ConfigureEntityButton } from './schema-config/configure-entity-button';
import { SlaButton } from './sla/sla-button';
import { ImportButton } from './importacao/import-button';
import { FillChecklistLink } from './checklist/fill-checklist-link';
import { PunchReportButton } from './plantas/punch-report-button';
import { EapCodeField } from './eap/register';
import './register';

describe('feature module registrations', () => {
  it('adds "Configurar entidade", "SLA", "Importar planilha" and the punch list\'s "Relatório PDF" to lists, "Preencher checklist" to related lists, the EAP picker to eapCodeOf fields', () => {
    expect(listActions()).toEqual([ConfigureEntityButton, SlaButton, ImportButton, PunchReportButton]);
    expect(relatedListActions()).toEqual([FillChecklistLink]);
    const atividades = schemaByName('diarioOs')!.fields.find((f) => f.name === 'atividades')!;
    const eapCodigo = atividades.fields!.find((f) => f.name === 'eapCodigo')!;
    expect(eapCodigo.eapCodeOf).toBeTruthy();
    expect(registeredFieldInput(eapCodigo)).toBe(EapCodeField);
    expect(registeredFieldInput(schemaByName('obra')!.fields.find((f) => f.kind === 'text')!)).toBeUndefined();
  });

  it("registers the entities' own views", () => {
    expect(getViewOverride('diario')?.show).toBeTruthy();
    expect(getViewOverride('processoJuridico')?.show).toBeTruthy();
    expect(getViewOverride('ticketSgi')?.show).toBeTruthy();
    expect(getViewOverride('planoAcao')?.edit).toBeTruthy();
  });
});
