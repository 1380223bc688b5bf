/** "SLA" in the list header of the entities that declare one, for their administrators. */
import { registerListAction } from '../../views/extensions';
import { SlaButton } from './sla-button';

registerListAction(SlaButton);
