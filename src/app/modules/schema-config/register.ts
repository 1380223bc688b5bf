/** "Configurar entidade" in the header of every entity list, for whom may configure the entity. */
import { registerListAction } from '../../views/extensions';
import { ConfigureEntityButton } from './configure-entity-button';

registerListAction(ConfigureEntityButton);
