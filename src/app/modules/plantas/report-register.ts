/** "Relatório PDF" in the header of a site's punch list (issue 42), registered with the generic lists. */
import { registerListAction } from '../../views/extensions';
import { PunchReportButton } from './punch-report-button';

registerListAction(PunchReportButton);
