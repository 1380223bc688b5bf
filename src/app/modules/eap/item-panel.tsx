/**
 * The EAP editor's panels: the selected item's form with its actions ("Novo subitem", "Mover",
 * "Excluir" for an item without items below it) or the form of a new item, and the dialog that
 * moves an item (and the items below it) under another item or to the root, with the next code there.
 */
import { useMemo, useState } from 'react';
import { Button, Form, Modal, Space, TreeSelect, Typography } from 'antd';
import { Loading } from '../../views/loading';
import { DragOutlined, PlusOutlined } from '@ant-design/icons';
import { useUpdate, type BaseRecord, type HttpError } from '@refinedev/core';
import { schemaByName } from '../../../../schemas';
import { Pode, usePode } from '../../access/pode';
import { flatten, subtreeKeys } from '../../views/tree/build';
import { DeleteNodeButton, TreeNodeForm } from '../../views/tree/node-panel';
import { nextCode, type EapItem, type EapNode } from './tree';

export type EapArea = 'FIELD' | 'AUTOMACAO';
export type Panel = { mode: 'edit'; id: number } | { mode: 'create'; parent?: EapItem; codigo: string };

export const RESOURCE = 'eap-os';
export const EAP_SCHEMA = schemaByName('eapOs')!;
const ROOT = 'raiz';

/** The tree decides the site, the area and the parent (moves go through "Mover"). */
const TREE_FIELDS = ['area', 'obra', 'pai'];

export interface ItemPanelProps {
  panel: Panel;
  node?: EapNode;
  area: EapArea;
  obra: string;
  onSaved: (id: number) => void;
  onNewChild: (node: EapNode) => void;
  onMove: (node: EapNode) => void;
  onDeleted: () => void;
  onCancel: () => void;
}

/** The selected item's form with its actions, or the form of a new item. */
export function ItemPanel({ panel, node, area, obra, onSaved, onNewChild, onMove, onDeleted, onCancel }: ItemPanelProps) {
  const isEdit = panel.mode === 'edit';
  const item = node?.item;
  const canAddChild = usePode({ I: 'create', a: 'EapOS', this: { area, obra } });
  const canUpdate = usePode({ I: 'update', a: 'EapOS', this: item ?? { area, obra } });
  const parent = isEdit ? node?.parent?.item : panel.parent;
  if (isEdit && !item) return <Loading style={{ margin: '32px auto' }} />;
  const below = node?.children.length ?? 0;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        {parent ? `Abaixo de ${parent.codigo} — ${parent.descricao}` : 'Na raiz da EAP'}
        {isEdit && below ? ` · ${below} ${below === 1 ? 'subitem' : 'subitens'}` : ''}
      </Typography.Text>
      {isEdit && node ? (
        <Space wrap>
          <Pode I="create" a="EapOS" this={{ area, obra }}>
            <Button icon={<PlusOutlined />} onClick={() => onNewChild(node)}>
              Novo subitem
            </Button>
          </Pode>
          <Pode I="update" a="EapOS" this={node.item}>
            <Button icon={<DragOutlined />} onClick={() => onMove(node)}>
              Mover
            </Button>
          </Pode>
          <Pode I="delete" a="EapOS" this={node.item}>
            <DeleteNodeButton
              resource={RESOURCE}
              record={node.item}
              hasChildren={below > 0}
              childrenHint="Exclua ou mova antes os itens abaixo deste."
              confirm={{ title: `Excluir o item ${node.item.codigo}?`, description: node.item.descricao }}
              deletedMessage={`Item ${node.item.codigo} excluído.`}
              onDeleted={onDeleted}
            />
          </Pode>
        </Space>
      ) : null}
      <TreeNodeForm
        schema={EAP_SCHEMA}
        treeFields={TREE_FIELDS}
        id={isEdit ? panel.id : undefined}
        createValues={isEdit ? undefined : { area, obra, pai: panel.parent ? Number(panel.parent.id) : null, codigo: panel.codigo }}
        canSave={isEdit ? canUpdate : canAddChild}
        names={['Dados do item', 'Novo item']}
        messages={['Item da EAP atualizado.', 'Item da EAP criado.']}
        onSaved={onSaved}
        onCancel={onCancel}
      />
    </Space>
  );
}

/** The API's message about the code or the parent (the fields a move writes), else its general message. */
function firstError(error?: HttpError): string | undefined {
  for (const field of ['codigo', 'pai']) {
    const msgs = error?.errors?.[field];
    if (Array.isArray(msgs) && msgs.length) return String(msgs[0]);
  }
  return error?.message || undefined;
}

interface MoveOption {
  value: string;
  title: string;
  children: MoveOption[];
}

/** Puts an item (and the items below it) under another item or at the root, with the next code there. */
export function MoveModal({
  node,
  initialTo,
  roots,
  codes,
  onClose,
  onMoved,
}: {
  node?: EapNode;
  initialTo?: number | null;
  roots: EapNode[];
  codes: string[];
  onClose: () => void;
  onMoved: () => void;
}) {
  const currentParent = node?.parent ? Number(node.parent.item.id) : null;
  const [to, setTo] = useState<number | null>(initialTo === undefined ? currentParent : initialTo);
  const { mutate, mutation } = useUpdate<BaseRecord, HttpError>();
  const excluded = useMemo(() => (node ? subtreeKeys(node) : new Set<string>()), [node]);
  const options = useMemo(() => {
    const toOption = (n: EapNode): MoveOption => ({
      value: String(n.item.id),
      title: `${n.item.codigo} — ${n.item.descricao}`,
      children: n.children.filter((c) => !excluded.has(c.key)).map(toOption),
    });
    const root: MoveOption = { value: ROOT, title: 'Raiz da EAP (sem item pai)', children: [] };
    return [root, ...roots.filter((r) => !excluded.has(r.key)).map(toOption)];
  }, [roots, excluded]);
  if (!node) return null;

  const all = flatten(roots);
  const target = to === null ? undefined : all.find((n) => Number(n.item.id) === to);
  const siblings = (target ? target.children : roots).filter((n) => n !== node).map((n) => n.item);
  const same = to === currentParent;
  const codigo = same ? node.item.codigo : nextCode(target?.item, siblings, codes);
  const below = excluded.size - 1;

  return (
    <Modal
      open
      title={`Mover ${node.item.codigo} — ${node.item.descricao}`}
      okText="Mover"
      cancelText="Cancelar"
      okButtonProps={{ disabled: same }}
      confirmLoading={mutation.isPending}
      onCancel={onClose}
      onOk={() =>
        mutate(
          {
            resource: RESOURCE,
            id: node.item.id,
            values: { version: node.item.version, pai: to, codigo },
            mutationMode: 'pessimistic',
            successNotification: () => ({ type: 'success', message: `Item movido: agora ${codigo}.` }),
            errorNotification: (error) => ({ type: 'error', message: firstError(error) ?? 'Não foi possível mover o item.' }),
          },
          { onSuccess: onMoved },
        )
      }
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="Novo item pai" htmlFor="eap-mover-para">
          <TreeSelect
            id="eap-mover-para"
            style={{ width: '100%' }}
            treeData={options}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            value={to === null ? ROOT : String(to)}
            onChange={(v: string) => setTo(v === ROOT || v === undefined ? null : Number(v))}
          />
        </Form.Item>
      </Form>
      <Typography.Paragraph>
        {same
          ? 'O item já está neste nível. A ordem dos itens de um nível segue o código: para mudá-la, edite o código.'
          : `O item passa a ${codigo}${below ? `, e ${below === 1 ? 'o item abaixo dele acompanha' : `os ${below} itens abaixo dele acompanham`} o novo código` : ''}. Os códigos dos demais itens não mudam.`}
      </Typography.Paragraph>
    </Modal>
  );
}
