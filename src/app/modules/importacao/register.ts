/** "Importar planilha" in the list header of every entity, for whoever may create or edit its records (issue 38). */
import { registerListAction } from '../../views/extensions';
import { ImportButton } from './import-button';

registerListAction(ImportButton);
