/**
 * Business workflows in the app (engine: every schema may declare a `workflow`): state and steps on
 * the show page, history entries, state tags. "Minhas pendências" (page and bell) is the feature
 * module `src/app/modules/pendencias`.
 */
export { WorkflowPanel } from './workflow-panel';
export { WorkflowStatusBar } from './status-bar';
export { StateTag } from './state-tag';
export { TransitionButtons } from './transition-buttons';
export { TransitionComment, TransitionHeading, authorText, transitionDotColor } from './history-transition';
export { historyKey, transitionsKey, recordExtrasKey, PENDENCIAS_RESOURCE } from './query-keys';
export { mainPath, stateColor, stateLabel, workflowState } from './states';
export { showPath } from './links';
export type { HistoryTransition, Pendencia, TransitionInput, TransitionOption } from './types';
