/**
 * `/obra/documentacao`: the library tree every new site gets (`modeloDiretorio`), on the tree
 * screen (src/app/views/tree): the tree on the left, the selected folder's form beside it: its
 * name (rename), description and access lists; "Nova pasta na raiz", "Nova subpasta" and "Excluir" (a folder with
 * folders below it is not deleted). Names may use {obra} and {nome}; lists $siteManager,
 * $substituto and $cliente (filled from the new site when it is created).
 */
import { useMemo, useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { FolderAddOutlined, PlusOutlined } from '@ant-design/icons';
import { useList, type BaseRecord, type HttpError } from '@refinedev/core';
import { schemaByName } from '../../../../schemas';
import { buildTree } from '../../views/tree/build';
import { DeleteNodeButton, TreeNodeForm } from '../../views/tree/node-panel';
import { TreeScreen } from '../../views/tree/tree-screen';

const RESOURCE = 'modelos-diretorio';
const base = schemaByName('modeloDiretorio')!;
/** The tree decides the parent. */
const TREE_FIELDS = ['pai'];

type Folder = BaseRecord & { id: number; nome: string; pai?: number | null; version: number; acesso?: Record<string, string[]> | null };
const folderName = (f: Folder) => f.nome;
type Panel = { mode: 'edit'; id: number } | { mode: 'create'; parent?: Folder };

export function DocumentTreePage() {
  const { result, query } = useList<Folder, HttpError>({
    resource: RESOURCE,
    sorters: [{ field: 'nome', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 1000 },
  });
  const folders = useMemo(() => (result?.data ?? []) as Folder[], [result?.data]);
  const roots = useMemo(() => buildTree(folders, base.tree!), [folders]);
  const [panel, setPanel] = useState<Panel | null>(null);
  const selected = panel?.mode === 'edit' ? folders.find((f) => f.id === panel.id) : undefined;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Pastas e listas de acesso com que a biblioteca de cada nova obra é criada. Nos nomes, {'{obra}'} e {'{nome}'} viram o código e o nome da obra; nas
        listas, $siteManager, $substituto e $cliente viram o site manager, o substituto e o cliente da obra.
      </Typography.Paragraph>
      <TreeScreen
        label="Árvore de documentos"
        variant="directory"
        roots={roots}
        title="Pastas da nova obra"
        extra={
          <Button size="small" icon={<PlusOutlined />} onClick={() => setPanel({ mode: 'create' })}>
            Nova pasta na raiz
          </Button>
        }
        loading={query.isLoading}
        error={query.isError ? { message: query.error?.message ?? 'Não foi possível carregar a árvore.' } : undefined}
        emptyText="Nenhuma pasta: as novas obras começam com a biblioteca vazia."
        textOf={folderName}
        searchPlaceholder="Buscar pasta"
        selectedKey={selected ? String(selected.id) : undefined}
        onSelect={(key) => setPanel(key ? { mode: 'edit', id: Number(key) } : null)}
        panel={
          panel?.mode === 'create' || selected ? (
            <FolderForm
              key={panel!.mode === 'create' ? `new:${panel!.parent?.id ?? 'raiz'}` : `edit:${selected!.id}`}
              panel={panel!}
              folder={selected}
              hasChildren={!!selected && folders.some((f) => f.pai === selected.id)}
              onDone={(next) => setPanel(next)}
            />
          ) : null
        }
        emptyPanel="Escolha uma pasta para renomeá-la, mudar suas listas de acesso ou criar subpastas."
      />
    </Space>
  );
}

function FolderForm({ panel, folder, hasChildren, onDone }: { panel: Panel; folder?: Folder; hasChildren: boolean; onDone: (next: Panel | null) => void }) {
  const isEdit = panel.mode === 'edit';
  const parent = panel.mode === 'create' ? panel.parent : undefined;
  const title = isEdit ? `Pasta: ${folder?.nome ?? ''}` : parent ? `Nova subpasta de ${parent.nome}` : 'Nova pasta na raiz';

  return (
    <Card
      size="small"
      title={title}
      extra={
        isEdit && folder ? (
          <Space wrap>
            <Button size="small" icon={<FolderAddOutlined />} onClick={() => onDone({ mode: 'create', parent: folder })}>
              Nova subpasta
            </Button>
            <DeleteNodeButton
              size="small"
              resource={RESOURCE}
              record={folder}
              hasChildren={hasChildren}
              childrenHint="Exclua antes as subpastas."
              confirm={{ title: `Excluir a pasta "${folder.nome}" do modelo?`, description: 'As bibliotecas das obras já criadas não mudam.' }}
              deletedMessage="Pasta excluída do modelo."
              onDeleted={() => onDone(null)}
            />
          </Space>
        ) : null
      }
    >
      <TreeNodeForm
        schema={base}
        treeFields={TREE_FIELDS}
        id={isEdit ? panel.id : undefined}
        // A new folder starts with its parent's lists, so it is never more open than its parent.
        createValues={{ pai: parent?.id, acesso: parent?.acesso ?? undefined }}
        canSave
        names={['Dados da pasta', 'Nova pasta']}
        messages={['Pasta salva.', 'Pasta criada.']}
        onSaved={(id) => onDone({ mode: 'edit', id })}
      />
    </Card>
  );
}
