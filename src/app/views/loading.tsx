// The loading view lives below the engine's folders (src/app/ui/loading.tsx), so that fields, guards and
// the workflow can show it; the views and the modules keep importing it from here.
export { Loading } from '../ui/loading';
