/** Where the insurance screens live (issue 40): each policy schema's endorsements and renewal page (resources/routes/general.ts). */
export const ENDORSEMENT_OF: Record<string, string> = { seguro: 'endossos', seguroPleno: 'endossos-pleno' };
export const RENEWAL_PATH: Record<string, string> = { seguro: '/seguros/renovar', seguroPleno: '/seguros-pleno/renovar' };
/** The policy resources the expiries' calendar shows, with their subject and show path. */
export const POLICY_RESOURCES = [
  { resource: 'seguros', subject: 'SEGUROS', show: '/seguros', label: 'Risco de engenharia' },
  { resource: 'seguros-pleno', subject: 'SEGUROS_PLENO', show: '/seguros-pleno', label: 'Operação plena' },
] as const;
/** The tag colour of a policy's `vencimento` (schemas/shared/seguro-fields.ts VENCIMENTO_OPTIONS). */
export const VENCIMENTO_COLOR: Record<string, string> = {
  Vencida: 'red',
  'A vencer em até 7 dias': 'volcano',
  'A vencer em até 30 dias': 'orange',
  'A vencer em até 60 dias': 'gold',
  'Em dia': 'green',
};
