/**
 * The feature modules' contributions to the generic views (`src/app/views/extensions.ts`): what
 * every list, related list and form shows besides the schema. Imported once by the app
 * (`src/app/modules/register.ts`) and by the component tests' render helper, so the generic views
 * look the same in both.
 */
// "Configurar entidade" in the list header.
import './schema-config/register';
// "SLA" in the list header of the entities that declare one (issue 25).
import './sla/register';
// "Importar planilha" in the list header, for whoever may create or edit there (issue 38).
import './importacao/register';
// "Preencher checklist" in a work order's checklists section.
import './checklist/register';
// The EAP code picker for text fields declared with `eapCodeOf`.
import './eap/register';
// "Relatório PDF" in a site's punch list header: the report and its e-mail to a company (issue 42).
import './plantas/report-register';
