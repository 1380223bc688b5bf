/** Products, TAF and legal: docs/specification.md §2. Legal areas require a site (`?obra=`). */
import { can, check, create, defineRoutes, list } from './define';

const p = defineRoutes('general', 'Produtos', 'AppstoreOutlined');
const j = defineRoutes('general', 'Jurídico', 'BankOutlined');

export const PRODUCT_ROUTES = [
  p('/produto', 'Produtos', { access: can('Produto'), entity: list('produto') }),
  p('/produto/taf', 'TAF', { access: can('TAF'), entity: list('taf'), icon: 'ExperimentOutlined' }),
  // Access not shown by the spec: reading TAFs.
  p('/produto/taf/:produto', 'TAF do produto', { access: can('TAF'), entity: list('taf', { filters: { produto: ':produto' } }), icon: 'ExperimentOutlined' }),
];

export const LEGAL_ROUTES = [
  j('/juridico/civil', 'Cível', { access: can('ProcessoJuridico'), obraObrigatoria: true, entity: list('processoJuridico', { filters: { tipo: 'Cível' } }) }),
  j('/juridico/trabalhista', 'Trabalhista', {
    access: can('ProcessoJuridico'),
    obraObrigatoria: true,
    entity: list('processoJuridico', { filters: { tipo: 'Trabalhista' } }),
    icon: 'TeamOutlined',
  }),
  j('/juridico/dashboard', 'Painel jurídico', {
    access: can('ProcessoJuridico'),
    obraObrigatoria: true,
    screen: 'dashboard',
    dashboard: 'juridico',
    icon: 'DashboardOutlined',
  }),
  // Access not shown by the spec: the responsible persons' upload_dp / upload_seg, the partner firms' upload, or create.
  // Reached from a case ("Enviar documento", src/app/modules/juridico): `?processo=` fills and locks the case;
  // `documento` leaves the type to choose, `dp` / `seg` fix the responsible persons' types.
  j('/juridico/enviarDocumentos/:tipoDocumento', 'Enviar documentos', {
    access: can(
      'ProcessoJuridico',
      'upload_dp',
      check('ProcessoJuridico', 'upload_seg'),
      check('ProcessoJuridico', 'upload'),
      check('ProcessoJuridico', 'create'),
    ),
    entity: {
      ...create('documentoJuridico', { tipoDocumento: ':tipoDocumento', processo: '?processo' }),
      byParam: {
        param: 'tipoDocumento',
        cases: {
          documento: { prefill: { processo: '?processo' } },
          dp: { prefill: { tipoDocumento: 'Documentos DP', processo: '?processo' } },
          seg: { prefill: { tipoDocumento: 'Documentos SEG', processo: '?processo' } },
        },
      },
    },
    icon: 'UploadOutlined',
  }),
];
