/**
 * The library (/biblioteca, /obras/{obra}/biblioteca) on the tree screen (src/app/views/tree): the
 * folder tree on the left, the chosen folder (`?pasta=`) on the right with its access lists
 * (access.md decision 18) and its files. Upload (drag and drop, with progress), preview of images
 * and PDFs, download, new folder, rename and delete are offered only where the folder's lists give
 * the right; the API checks the same rules.
 */
import React, { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Form, Image, Input, Modal, Popconfirm, Space, Table, Tag, Typography, Upload, message } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, FolderAddOutlined, InboxOutlined } from '@ant-design/icons';
import { useCreate, useDelete, useInvalidate, useList, useUpdate, type BaseRecord, type HttpError } from '@refinedev/core';
import { schemaByName } from '../../../../schemas';
import type { StoredFile } from '../../../../schemas/kinds';
import { Pode } from '../../access/pode';
import { fileUrl, uploadFile } from '../../fields/form-items';
import { formatDate, formatFileSize } from '../../format';
import { buildTree } from '../../views/tree/build';
import { DeleteNodeButton } from '../../views/tree/node-panel';
import { TreeScreen } from '../../views/tree/tree-screen';

type Folder = BaseRecord & {
  id: number;
  nome: string;
  pai?: number | null;
  obra?: string | null;
  descricao?: string | null;
  acesso?: Record<string, string[]> | null;
  version: number;
};
type Doc = BaseRecord & { id: number; nome: string; versao?: number; dataDocumento?: string; arquivo?: StoredFile[]; obra?: string | null };

const FOLDER_TREE = schemaByName('diretorio')!.tree!;
const folderName = (f: Folder) => f.nome;

const ACCESS_LABELS: [string, string][] = [
  ['full', 'Acesso total'],
  ['rWEdit', 'Leitura, escrita e edição'],
  ['rW', 'Leitura e escrita'],
  ['uploadOnly', 'Leitura e envio'],
  ['rOnly', 'Somente leitura'],
];

const isPreviewable = (f: StoredFile) => f.type.startsWith('image/') || f.type === 'application/pdf';

export function LibraryPage(): React.ReactElement {
  const { obra } = useParams();
  const [search, setSearch] = useSearchParams();
  const { result, query } = useList<Folder>({
    resource: 'diretorios',
    filters: obra ? [{ field: 'obra', operator: 'eq', value: obra }] : [],
    sorters: [{ field: 'nome', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 1000 },
  });
  const folders = useMemo(() => (result?.data ?? []) as Folder[], [result?.data]);
  // A folder whose parent the viewer cannot see is shown at the root.
  const roots = useMemo(() => buildTree(folders, FOLDER_TREE), [folders]);
  const selectedId = Number(search.get('pasta')) || undefined;
  const selected = folders.find((f) => f.id === selectedId);
  const select = (id: number | undefined) => {
    const next = new URLSearchParams(search);
    if (id) next.set('pasta', String(id));
    else next.delete('pasta');
    setSearch(next, { replace: true });
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {obra ? `Biblioteca da obra ${obra}` : 'Biblioteca'}
      </Typography.Title>
      <TreeScreen
        label="Pastas da biblioteca"
        variant="directory"
        roots={roots}
        title="Pastas"
        loading={query.isLoading}
        error={query.isError ? { message: query.error?.message ?? 'Não foi possível carregar as pastas.' } : undefined}
        emptyText="Nenhuma pasta que você possa ver."
        textOf={folderName}
        searchPlaceholder="Buscar pasta"
        selectedKey={selectedId ? String(selectedId) : undefined}
        onSelect={(key) => select(key ? Number(key) : undefined)}
        panel={
          selected ? (
            <FolderPanel
              key={selected.id}
              folder={selected}
              hasChildren={folders.some((f) => f.pai === selected.id)}
              onDeleted={() => select(selected.pai ?? undefined)}
              onCreated={(id) => select(id)}
            />
          ) : null
        }
        emptyPanel="Escolha uma pasta para ver seus arquivos."
      />
    </Space>
  );
}

function AccessLists({ folder }: { folder: Folder }) {
  const acesso = folder.acesso ?? {};
  const open = !acesso.full?.length;
  const items = ACCESS_LABELS.filter(([k]) => acesso[k]?.length).map(([k, label]) => ({
    key: k,
    label,
    children: (
      <Space size={[4, 4]} wrap>
        {acesso[k].map((p) => (
          <Tag key={p}>{p}</Tag>
        ))}
      </Space>
    ),
  }));
  return (
    <>
      {open ? (
        <Alert type="info" showIcon style={{ marginBottom: 8 }} message="Pasta aberta: todos os colaboradores leem, enviam arquivos e criam pastas." />
      ) : null}
      {items.length ? <Descriptions size="small" column={1} bordered items={items} /> : null}
    </>
  );
}

function FolderPanel({
  folder,
  hasChildren,
  onDeleted,
  onCreated,
}: {
  folder: Folder;
  hasChildren: boolean;
  onDeleted: () => void;
  onCreated: (id: number) => void;
}) {
  const invalidate = useInvalidate();
  const [msg, holder] = message.useMessage();
  const [naming, setNaming] = useState<'new' | 'rename' | null>(null);
  const [preview, setPreview] = useState<StoredFile | null>(null);
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const { mutateAsync: remove } = useDelete();
  const docs = useList<Doc>({
    resource: 'documentos',
    filters: [{ field: 'diretorio', operator: 'eq', value: folder.id }],
    sorters: [{ field: 'nome', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 200 },
  });
  const rows = (docs.result?.data ?? []) as Doc[];
  const refresh = () => invalidate({ resource: 'documentos', invalidates: ['list'] });
  const errorText = (e: unknown) => (e && typeof e === 'object' && 'message' in e ? String((e as HttpError).message) : 'Não foi possível concluir.');

  const saveName = async (values: { nome: string; descricao?: string }) => {
    try {
      if (naming === 'new') {
        // A new folder starts with its parent's access lists, so it is never more open than its parent.
        const res = await create({
          resource: 'diretorios',
          values: {
            nome: values.nome,
            descricao: values.descricao || undefined,
            pai: folder.id,
            obra: folder.obra ?? undefined,
            acesso: folder.acesso ?? undefined,
          },
          successNotification: false,
        });
        onCreated(Number(res.data.id));
        msg.success('Pasta criada.');
      } else {
        await update({ resource: 'diretorios', id: folder.id, values: { version: folder.version, nome: values.nome }, successNotification: false });
        msg.success('Pasta renomeada.');
      }
      setNaming(null);
    } catch (e) {
      msg.error(errorText(e));
    }
  };

  const columns = [
    { key: 'nome', title: 'Nome', dataIndex: 'nome', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    { key: 'versao', title: 'Versão', dataIndex: 'versao', width: 80, responsive: ['md' as const] },
    { key: 'data', title: 'Data', dataIndex: 'dataDocumento', width: 110, responsive: ['md' as const], render: (v: string) => (v ? formatDate(v) : '—') },
    {
      key: 'tamanho',
      title: 'Tamanho',
      width: 100,
      responsive: ['lg' as const],
      render: (_: unknown, r: Doc) => (r.arquivo?.[0] ? formatFileSize(r.arquivo[0].size) : '—'),
    },
    {
      key: 'acoes',
      title: 'Ações',
      width: 150,
      render: (_: unknown, r: Doc) => {
        const f = r.arquivo?.[0];
        return (
          <Space size={0}>
            {f && isPreviewable(f) ? (
              <Button type="link" size="small" icon={<EyeOutlined />} aria-label={`Visualizar ${r.nome}`} onClick={() => setPreview(f)} />
            ) : null}
            {f ? <Button type="link" size="small" icon={<DownloadOutlined />} aria-label={`Baixar ${r.nome}`} href={fileUrl(f)} download={f.name} /> : null}
            <Pode I="delete" a="Diretorio" this={folder}>
              <Popconfirm
                title={`Excluir o arquivo "${r.nome}"?`}
                okText="Excluir"
                cancelText="Cancelar"
                onConfirm={async () => {
                  try {
                    await remove({ resource: 'documentos', id: r.id, meta: { record: r }, successNotification: false });
                    msg.success('Arquivo excluído.');
                  } catch (e) {
                    msg.error(errorText(e));
                  }
                }}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={`Excluir ${r.nome}`} />
              </Popconfirm>
            </Pode>
          </Space>
        );
      },
    },
  ];

  return (
    <Card
      size="small"
      title={
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{folder.nome}</Typography.Text>
          {folder.descricao ? <Typography.Text type="secondary">{folder.descricao}</Typography.Text> : null}
        </Space>
      }
      extra={
        <Space wrap size={4}>
          <Pode I="newFolder" a="Diretorio" this={folder}>
            <Button size="small" icon={<FolderAddOutlined />} onClick={() => setNaming('new')}>
              Nova pasta
            </Button>
          </Pode>
          <Pode I="edit" a="Diretorio" this={folder}>
            <Button size="small" icon={<EditOutlined />} onClick={() => setNaming('rename')}>
              Renomear
            </Button>
          </Pode>
          <Pode I="delete" a="Diretorio" this={folder}>
            <DeleteNodeButton
              size="small"
              resource="diretorios"
              record={folder}
              hasChildren={hasChildren}
              childrenHint="Exclua antes as subpastas."
              confirm={{
                title: `Excluir a pasta "${folder.nome}"?`,
                description: 'A pasta e os documentos dela vão para a lixeira, de onde podem ser restaurados.',
              }}
              deletedMessage="Pasta excluída."
              onDeleted={onDeleted}
            />
          </Pode>
        </Space>
      }
    >
      {holder}
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <AccessLists folder={folder} />
        <Pode I="upload" a="Diretorio" this={folder} passThrough>
          {(mayUpload) =>
            mayUpload ? (
              <Upload.Dragger
                multiple
                aria-label={`Enviar arquivos para ${folder.nome}`}
                customRequest={async ({ file, onProgress, onSuccess, onError }) => {
                  const f = file as File;
                  try {
                    const stored = await uploadFile(f, (percent) => onProgress?.({ percent }), { record: { resource: 'documentos' }, field: 'arquivo' });
                    await create({
                      resource: 'documentos',
                      values: { diretorio: folder.id, nome: f.name.replace(/\.[^.]+$/, '') || f.name, obra: folder.obra ?? undefined, arquivo: [stored] },
                      successNotification: false,
                    });
                    onSuccess?.(stored);
                    refresh();
                  } catch (e) {
                    onError?.(e as Error);
                    msg.error(`${f.name}: ${errorText(e)}`);
                  }
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">Arraste arquivos para esta pasta ou clique para escolher</p>
              </Upload.Dragger>
            ) : (
              <Typography.Text type="secondary">Você pode consultar esta pasta, mas não enviar arquivos para ela.</Typography.Text>
            )
          }
        </Pode>
        <Table<Doc>
          rowKey="id"
          size="small"
          loading={docs.query.isLoading}
          dataSource={rows}
          columns={columns}
          pagination={false}
          locale={{ emptyText: 'Pasta sem arquivos.' }}
        />
      </Space>
      {naming ? (
        <Modal open title={naming === 'new' ? 'Nova pasta' : 'Renomear pasta'} footer={null} onCancel={() => setNaming(null)} destroyOnHidden>
          <Form layout="vertical" initialValues={naming === 'rename' ? { nome: folder.nome } : {}} onFinish={saveName}>
            <Form.Item
              name="nome"
              label="Nome"
              rules={[
                { required: true, message: 'Campo obrigatório.' },
                { max: 150, message: 'Máximo de 150 caracteres.' },
              ]}
            >
              <Input autoFocus />
            </Form.Item>
            {naming === 'new' ? (
              <Form.Item
                name="descricao"
                label="Descrição"
                rules={[{ max: 300, message: 'Máximo de 300 caracteres.' }]}
                extra="A nova pasta recebe as listas de acesso desta pasta."
              >
                <Input />
              </Form.Item>
            ) : null}
            <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
              <Button onClick={() => setNaming(null)}>Cancelar</Button>
              <Button type="primary" htmlType="submit">
                Salvar
              </Button>
            </Space>
          </Form>
        </Modal>
      ) : null}
      {preview ? (
        <Modal open title={preview.name} footer={null} width={900} onCancel={() => setPreview(null)} destroyOnHidden>
          {preview.type.startsWith('image/') ? (
            <Image src={fileUrl(preview)} alt={preview.name} style={{ maxWidth: '100%' }} preview={false} />
          ) : (
            <iframe title={preview.name} src={fileUrl(preview)} style={{ width: '100%', height: '70vh', border: 0 }} />
          )}
        </Modal>
      ) : null}
    </Card>
  );
}
