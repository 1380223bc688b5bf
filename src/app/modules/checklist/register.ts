/** "Preencher checklist" in the checklists section of a work order's page (generic related lists). */
import { registerRelatedListAction } from '../../views/extensions';
import { FillChecklistLink } from './fill-checklist-link';

registerRelatedListAction(FillChecklistLink);
