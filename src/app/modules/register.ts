/**
 * The composition root of the feature modules: everything they register with the engine, imported
 * once by the router (`src/app/app-routes.tsx`) so it exists before any page opens.
 */
// Buttons and inputs the generic views show (list header, related lists, form fields).
import './extensions';
// The daily report's own views (PDF button, site options, "Copiar do dia anterior"), loaded with their pages.
import './rdo/register';
// The technical inspection report's page: "Baixar PDF" and its signatures (issue 40).
import './rit/register';
// The legal case's page with its upload buttons ("Enviar documento", decision 29).
import './juridico/register';
// The ethics report's page with the conversation between the investigators and the reporter (issue 40).
import './etica/register';
// The supplier's SGI screens: "Responder" on its records, its rows of an action plan (decision 29).
import './sgi/register';
// The business calendar: the holidays' list view is the calendar page (weekly hours, national holidays).
import './calendario/register';
// Insurance: the policy in force and "Renovar" on a policy's page (issue 40).
import './seguros/register';
// A materials list's page with "Importar itens" from a spreadsheet while it is in elaboration (issue 38).
import './materiais/register';
// A site's plans (issue 42): "Nova folha de planta" sends a PDF or marks a CRE document as a plan.
import './plantas/register';
