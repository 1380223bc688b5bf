/**
 * The daily report as a document of record (issue 26, docs/access.md decisions 5, 28, 31 and 32):
 * signed first by its site manager ('responsavel': the person the report names, the site's
 * substitute site manager, or whoever stands in for the site manager during an absence — the
 * people the rules let write the report), then by the client's representative of the site
 * ('cliente'), while concluded; each signature goes to the site's distribution list, and the site
 * manager's asks the client's representatives for theirs (the engine's, pending.ts).
 */
import { RDO_CONCLUDED, RDO_VOIDED } from '../../../schemas/diario';
import { SIGNER_LABEL } from '../../../schemas/signature-types';
import { externalKindOf } from '../../access/user';
import { formatDateBr } from '../time';
import { renderReportPdf, reportFileName } from '../rdo/report-pdf';
import { registerSignedDocument, type SignedDocument } from './documents';
import { isPersonOrStandIn, isSiteClientRepresentative } from './signers';

export const RDO_DOCUMENT: SignedDocument = {
  entity: 'diario',
  signedIn: RDO_CONCLUDED,
  voidedState: RDO_VOIDED,
  order: ['responsavel', 'cliente'],
  labels: SIGNER_LABEL,
  signerField: 'siteManager',
  signerRoleOf(user, row) {
    if (externalKindOf(user)) return isSiteClientRepresentative(user, row) ? 'cliente' : null;
    if (isPersonOrStandIn(user, row.siteManager)) return 'responsavel';
    const obra = String(row.obra ?? '');
    if (user.roles.includes('site_manager_substituto') && (user.obrasSubstituto ?? []).includes(obra)) return 'responsavel';
    return null;
  },
  ownerMail: (row) => String((row.siteManager as { mail?: unknown } | null)?.mail ?? ''),
  title(report, site) {
    const obra = (typeof site?.nome === 'string' && site.nome) || `Obra ${String(report.obra ?? '')}`;
    return `Diário de obra nº ${String(report.numero ?? report.id)} — ${obra} — ${formatDateBr(report.data)}`;
  },
  fileName: reportFileName,
  render: (db, storage, row, opts) => renderReportPdf(db, storage, row, opts),
  distributesSignature: () => true,
  texts: {
    signAction: 'Assinar diário',
    openToSign: 'Abra o diário',
    notASigner: 'Só o site manager do diário e o representante do cliente da obra assinam este diário.',
    voided: 'Este diário foi anulado e não recebe mais assinaturas.',
    notConcluded: 'Só um diário concluído pode ser assinado: conclua o diário antes de assinar.',
    alreadySigned: 'Você já assinou este diário.',
    order: 'O site manager assina primeiro; depois, o representante do cliente.',
    contentChanged: 'Conteúdo do diário alterado depois da assinatura.',
    reopened: 'Diário reaberto',
    voidedByStep: 'Diário anulado',
    verifyVoidedSignatures: 'Documento sem validade: as assinaturas foram anuladas porque o diário foi reaberto para correção.',
    verifyInCorrection: 'Documento sem validade: o diário foi reaberto e está em correção.',
    verifyContentChanged: 'Documento sem validade: o conteúdo do diário mudou depois de assinado.',
    documentNoun: 'o diário de obra',
    numberLabel: 'Nº do RDO',
    concludedSubject: 'diário concluído',
    noPdf: 'Não foi possível gerar o PDF agora: abra o diário no portal.',
    photosLeftOut: 'As fotos do diário ficaram fora do anexo por causa do tamanho; veja-as no portal.',
    distributionFooter: (obra) =>
      `Você recebe esta mensagem por estar na lista de distribuição do RDO da obra ${obra}. Para sair da lista, fale com o administrador de RDO da obra.`,
    reopenedSubject: 'diário reaberto para correção',
    reopenedIntro: (by) => `${by} reabriu o diário de obra para correção. O PDF que você recebeu não vale mais até o diário ser concluído de novo.`,
    voidedSubject: 'diário anulado',
    voidedIntro: (by) => `${by} anulou o diário de obra. O PDF que você recebeu não vale mais como registro.`,
    voidNoticeFooter: 'Você recebe esta mensagem por ter assinado este diário ou por estar na lista de distribuição do RDO da obra.',
  },
};

registerSignedDocument(RDO_DOCUMENT);
