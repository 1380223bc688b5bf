/**
 * The start page of each kind of external person (decision 29), above the module cards of Início:
 * - a partner law firm: the list of its cases, each with "Enviar documento";
 * - a supplier: its SGI records and its supplier-portal entries;
 * - a client: its sites and the documents waiting for its approval ("Minhas pendências").
 * The API applies the rules: each list holds only what the person may read.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Card, Col, Empty, List, Row, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useList, type BaseRecord, type CrudFilter, type HttpError } from '@refinedev/core';
import { schemaByName } from '../../../schemas';
import { POSVENDA_STATUS } from '../../../schemas/posvenda';
import type { EntitySchema } from '../../../schemas/kinds';
import { externalKindOf, type ExternalKind, type PortalUser } from '../../access/user';
import { recordTitle } from '../fields/options';
import { FieldDisplay } from '../fields/display';
import { CaseUploadButtons } from '../modules/juridico/case-upload-buttons';
import { showPath } from '../workflow/links';
import { PendenciaItem } from '../modules/pendencias/pendencias-page';
import { StateTag } from '../workflow/state-tag';
import { usePendencias } from '../modules/pendencias/use-pendencias';

const PAGE = 20;

function useRows(schema: EntitySchema | undefined, filters?: CrudFilter[]) {
  const { query, result } = useList<BaseRecord, HttpError>({
    resource: schema?.resource ?? '',
    filters,
    pagination: { currentPage: 1, pageSize: PAGE, mode: 'server' },
    sorters: schema?.defaultSort ? [schema.defaultSort] : undefined,
    errorNotification: false,
    queryOptions: { enabled: !!schema },
  });
  return { rows: (result?.data ?? []) as BaseRecord[], total: result?.total ?? 0, loading: query.isLoading, error: query.isError ? query.error : undefined };
}

function RecordLink({ schema, record }: { schema: EntitySchema; record: BaseRecord }) {
  const to = record.id !== undefined ? showPath(schema.resource, record.id) : undefined;
  const title = recordTitle(schema, record) || `#${String(record.id)}`;
  return to ? <Link to={to}>{title}</Link> : <>{title}</>;
}

/** "Ver todos" under a section when it holds more than the first page. */
function MoreLink({ total, to }: { total: number; to: string }) {
  return total > PAGE ? (
    <Typography.Paragraph style={{ margin: '8px 12px' }}>
      <Link to={to}>Ver todos ({total})</Link>
    </Typography.Paragraph>
  ) : null;
}

function LoadError({ what, error }: { what: string; error: HttpError }) {
  return <Alert type="error" showIcon style={{ margin: 12 }} message={`Não foi possível carregar ${what}.`} description={error.message} />;
}

/** A short list of records (title link, state, one detail field). */
function RecordList({
  schema,
  title,
  empty,
  detail,
  listPath,
  filters,
}: {
  schema: EntitySchema;
  title: string;
  empty: string;
  detail?: string;
  listPath: string;
  filters?: CrudFilter[];
}) {
  const { rows, total, loading, error } = useRows(schema, filters);
  const detailField = detail ? schema.fields.find((f) => f.name === detail) : undefined;
  return (
    <Card size="small" title={title} styles={{ body: { padding: 0 } }} role="region" aria-label={title}>
      {error ? (
        <LoadError what={title.toLowerCase()} error={error} />
      ) : (
        <List<BaseRecord>
          loading={loading}
          dataSource={rows}
          rowKey={(r) => String(r.id)}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
          renderItem={(r) => (
            <List.Item style={{ paddingInline: 12 }}>
              <Space direction="vertical" size={2} style={{ minWidth: 0 }}>
                <RecordLink schema={schema} record={r} />
                {detailField && r[detailField.name] !== undefined && r[detailField.name] !== null ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {detailField.label}: <FieldDisplay field={detailField} value={r[detailField.name]} mode="cell" />
                  </Typography.Text>
                ) : null}
              </Space>
              {schema.workflow ? <StateTag schema={schema} value={r[schema.workflow.field]} /> : null}
            </List.Item>
          )}
        />
      )}
      <MoreLink total={total} to={listPath} />
    </Card>
  );
}

/** The law firm's cases, each with its upload button. */
export function LawFirmStart() {
  const schema = schemaByName('processoJuridico')!;
  const { rows, total, loading, error } = useRows(schema);
  const field = (name: string) => schema.fields.find((f) => f.name === name)!;
  const cell = (name: string) => (v: unknown) => <FieldDisplay field={field(name)} value={v} mode="cell" />;
  const columns: TableColumnsType<BaseRecord> = [
    { key: 'numero', title: field('numero').label, render: (_: unknown, r) => <RecordLink schema={schema} record={r} /> },
    { key: 'tipo', dataIndex: 'tipo', title: field('tipo').label, render: cell('tipo') },
    { key: 'parteContraria', dataIndex: 'parteContraria', title: field('parteContraria').label, render: cell('parteContraria') },
    { key: 'status', dataIndex: 'status', title: field('status').label, render: cell('status') },
    { key: 'proximaAudiencia', dataIndex: 'proximaAudiencia', title: field('proximaAudiencia').label, render: cell('proximaAudiencia') },
    { key: 'enviar', title: 'Documentos', render: (_: unknown, r) => <CaseUploadButtons record={r} size="small" caseTitle={recordTitle(schema, r)} /> },
  ];
  return (
    <Card size="small" title="Seus processos" styles={{ body: { padding: 0 } }} role="region" aria-label="Seus processos">
      {error ? (
        <LoadError what="os processos" error={error} />
      ) : (
        <Table<BaseRecord>
          rowKey="id"
          size="small"
          loading={loading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nenhum processo conduzido pelo seu escritório." /> }}
        />
      )}
      <MoreLink total={total} to="/processos-juridicos" />
    </Card>
  );
}

/** The supplier's SGI records and supplier-portal entries. */
export function SupplierStart() {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <RecordList schema={schemaByName('ticketSgi')!} title="Seus registros SGI" empty="Nenhum registro SGI da sua empresa." detail="area" listPath="/sgi" />
      </Col>
      <Col xs={24} lg={12}>
        <RecordList
          schema={schemaByName('portalFornecedor')!}
          title="Portal do fornecedor"
          empty="Nenhum envio da sua empresa."
          detail="status"
          listPath="/portal-fornecedor"
        />
      </Col>
    </Row>
  );
}

/** A ticket in one of these states still gets answers (docs/access.md decision 30: the client replies). */
const OPEN_TICKETS: CrudFilter[] = [{ field: 'status', operator: 'in', value: POSVENDA_STATUS.filter((s) => s !== 'Concluído' && s !== 'Cancelado') }];

/** The client's sites, the documents waiting for them and their open post-sales tickets. */
export function ClientStart() {
  const obra = schemaByName('obra')!;
  const { rows, total, loading, error } = useRows(obra);
  const pend = usePendencias(1, 10);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card size="small" title="Suas obras" styles={{ body: { padding: 0 } }} role="region" aria-label="Suas obras">
          {error ? (
            <LoadError what="as obras" error={error} />
          ) : (
            <List<BaseRecord>
              loading={loading}
              dataSource={rows}
              rowKey={(r) => String(r.id)}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nenhuma obra liberada para você ainda." /> }}
              renderItem={(r) => (
                <List.Item style={{ paddingInline: 12 }}>
                  <Link to={`/obras/${encodeURIComponent(String(r.Id_Lista))}`}>
                    {String(r.Id_Lista)}
                    {typeof r.nome === 'string' && r.nome ? ` – ${r.nome}` : ''}
                  </Link>
                </List.Item>
              )}
            />
          )}
          <MoreLink total={total} to="/todas-obras" />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title="Aguardando sua aprovação" role="region" aria-label="Aguardando sua aprovação" styles={{ body: { padding: '0 12px' } }}>
          {pend.error ? (
            <LoadError what="os documentos" error={pend.error as HttpError} />
          ) : (
            <List
              loading={pend.isLoading}
              dataSource={pend.items}
              rowKey={(p) => `${p.resource}/${p.id}`}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nenhum documento aguarda você." /> }}
              renderItem={(item) => <PendenciaItem item={item} />}
            />
          )}
          {pend.total > 10 ? (
            <Typography.Paragraph style={{ margin: '8px 0' }}>
              <Link to="/pendencias">Ver todas ({pend.total})</Link>
            </Typography.Paragraph>
          ) : null}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <RecordList
          schema={schemaByName('posvenda')!}
          title="Seus tickets de pós-venda em aberto"
          empty="Nenhum ticket em aberto nas suas obras."
          detail="obra"
          listPath="/posvendas"
          filters={OPEN_TICKETS}
        />
      </Col>
    </Row>
  );
}

const STARTS: Record<ExternalKind, () => ReactNode> = {
  escritorio: () => <LawFirmStart />,
  fornecedor: () => <SupplierStart />,
  cliente: () => <ClientStart />,
};

/** The start section of the signed-in person's kind (staff have none: the module cards are their start). */
export function StartSection({ user }: { user: PortalUser | null }) {
  const kind = user ? externalKindOf(user) : undefined;
  return kind ? <div style={{ marginBottom: 16 }}>{STARTS[kind]()}</div> : null;
}
