/** Business workflows in the app: state and steps on the show page, history entries, "Minhas pendências". */
export { WorkflowPanel } from './workflow-panel';
export { WorkflowStatusBar } from './status-bar';
export { StateTag } from './state-tag';
export { TransitionButtons } from './transition-buttons';
export { TransitionComment, TransitionHeading, transitionDotColor } from './history-transition';
export { PendenciasBell } from './pendencias-bell';
export { historyKey, transitionsKey, recordExtrasKey, PENDENCIAS_RESOURCE } from './query-keys';
export { mainPath, stateColor, stateLabel, workflowState } from './states';
export { showPath } from './links';
export type { HistoryTransition, Pendencia, TransitionInput, TransitionOption } from './types';
