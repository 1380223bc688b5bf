/**
 * Every entity schema as declared in code, in menu order, with the workflow
 * states' labels given to the state fields. The registry (index.ts) starts from this list through
 * bundled.ts; read the registry, not this module, unless the code declarations themselves are meant.
 */
import type { EntitySchema } from './kinds';
import { obra } from './obra';
import { diario } from './diario';
import { osField } from './os-field';
import { osAutomacao } from './os-automacao';
import { checklistTemplateField } from './checklist-template-field';
import { checklistTemplateAutomacao } from './checklist-template-automacao';
import { checklistPreenchidoField } from './checklist-preenchido-field';
import { checklistPreenchidoAutomacao } from './checklist-preenchido-automacao';
import { eapOs } from './eap-os';
import { diarioOs } from './diario-os';
import { rit } from './rit';
import { folhaPlanta } from './folha-planta';
import { itemVerificacao } from './item-verificacao';
import { posvenda } from './posvenda';
import { ticketInteracao } from './ticket-interacao';
import { pesquisaSatisfacao } from './pesquisa-satisfacao';
import { custoPosvenda } from './custo-posvenda';
import { fabricacao } from './fabricacao';
import { projetoFabrica } from './projeto-fabrica';
import { projeto } from './projeto';
import { contrato } from './contrato';
import { produtoContrato } from './produto-contrato';
import { material } from './material';
import { materialTemplate } from './material-template';
import { seguro } from './seguro';
import { seguroPleno } from './seguro-pleno';
import { endosso } from './endosso';
import { endossoPleno } from './endosso-pleno';
import { ticketSgi } from './ticket-sgi';
import { planoAcao } from './plano-acao';
import { portalFornecedor } from './portal-fornecedor';
import { portalCliente } from './portal-cliente';
import { relatoEtica } from './relato-etica';
import { produto } from './produto';
import { taf } from './taf';
import { processoJuridico } from './processo-juridico';
import { documentoJuridico } from './documento-juridico';
import { diretorio } from './diretorio';
import { configuracaoRdo } from './configuracao-rdo';
import { modeloDiretorio } from './modelo-diretorio';
import { documento } from './documento';
import { usuario } from './usuario';
import { empresa } from './empresa';
import { ausencia } from './ausencia';
import { feriado } from './feriado';

import { withStateLabels } from './option-labels';

// Words, not codes: a workflow's state field shows its states' labels wherever it is displayed.
export const DECLARED_SCHEMAS: EntitySchema[] = [
  obra,
  diario,
  osField,
  osAutomacao,
  checklistTemplateField,
  checklistTemplateAutomacao,
  checklistPreenchidoField,
  checklistPreenchidoAutomacao,
  eapOs,
  diarioOs,
  rit,
  folhaPlanta,
  itemVerificacao,
  posvenda,
  ticketInteracao,
  pesquisaSatisfacao,
  custoPosvenda,
  fabricacao,
  projetoFabrica,
  projeto,
  contrato,
  produtoContrato,
  material,
  materialTemplate,
  seguro,
  endosso,
  seguroPleno,
  endossoPleno,
  ticketSgi,
  planoAcao,
  portalFornecedor,
  portalCliente,
  relatoEtica,
  produto,
  taf,
  processoJuridico,
  documentoJuridico,
  diretorio,
  configuracaoRdo,
  modeloDiretorio,
  documento,
  usuario,
  empresa,
  ausencia,
  feriado,
].map(withStateLabels);
