/**
 * The actions of a list's rows ("Ver", "Editar", "Excluir") without one Refine button per row.
 *
 * Refine's ShowButton, EditButton and DeleteButton each run an access query (`useCan`), resolve the
 * resource from the route table (`useResourceParams`) and, for delete, hold a mutation: on a page of
 * 25 rows that was 75 queries, and the buttons appeared in a second render once those answered
 * (issue 36: `/diarios` as the administrator spent most of its blocking time there). Here the list
 * asks once for what every row shares (links, the delete mutation, the ability) and each row decides
 * with the same synchronous rule Refine's access provider applies (`decideCan`), so the buttons are
 * drawn with the rows. Same look, links, confirmation, notifications and hiding of what is not allowed.
 */
import { useCallback, useContext, useMemo, useRef } from 'react';
import { Button, Popconfirm } from 'antd';
import type { ButtonProps } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { AccessControlContext, useDelete, useLink, useNavigation, type BaseRecord } from '@refinedev/core';
import type { EntitySchema } from '../../../schemas/kinds';
import { useAbility } from '../access/ability-context';
import { decideCan } from '../access/access-control-provider';
import { deleteConfirmProps } from '../fields/options';

const LABELS = { show: 'Ver', edit: 'Editar', delete: 'Excluir' } as const;

export interface RowActions {
  /** The row's buttons: icons only (`compact`, the table) or with their labels (`texts`, the phone's cards). */
  buttons: (record: BaseRecord, texts?: { show: string; edit: string; delete: string }, props?: ButtonProps) => React.ReactElement[];
}

export function useRowActions(schema: EntitySchema): RowActions {
  const ability = useAbility();
  // Refine gives new link helpers at each render; the buttons read the latest (they build the same links).
  const nav = useNavigation();
  const navigation = useRef(nav);
  navigation.current = nav;
  const Link = useLink();
  const {
    mutation: { mutate, isPending, variables },
  } = useDelete();
  const confirm = useMemo(() => deleteConfirmProps(schema), [schema]);
  // Without an access provider Refine shows every button (component tests); with the app's, its rule.
  const checked = !!useContext(AccessControlContext).can;
  const allowed = useCallback(
    (action: 'show' | 'edit' | 'delete', record: BaseRecord) =>
      !checked || decideCan(ability, { resource: schema.resource, action, params: { id: record.id, meta: { record } } }).can,
    [checked, ability, schema.resource],
  );

  const deletingId = isPending ? variables?.id : undefined;
  return useMemo<RowActions>(
    () => ({
      buttons: (record, texts, props) => {
        const id = record.id;
        if (id === undefined) return [];
        const meta = { record };
        const out: React.ReactElement[] = [];
        const label = (action: keyof typeof LABELS) => (texts ? { children: texts[action] } : { 'aria-label': LABELS[action], title: LABELS[action] });
        for (const action of ['show', 'edit'] as const) {
          if (!allowed(action, record)) continue;
          const to = action === 'show' ? navigation.current.showUrl(schema.resource, id, meta) : navigation.current.editUrl(schema.resource, id, meta);
          out.push(
            <Link key={action} to={to}>
              <Button icon={action === 'show' ? <EyeOutlined /> : <EditOutlined />} className={`refine-${action}-button`} {...props} {...label(action)} />
            </Link>,
          );
        }
        if (allowed('delete', record)) {
          const deleting = deletingId !== undefined && deletingId === id;
          out.push(
            <Popconfirm
              key="delete"
              title={confirm.confirmTitle}
              okText={confirm.confirmOkText}
              cancelText={confirm.confirmCancelText}
              okType="danger"
              okButtonProps={{ disabled: deleting }}
              onConfirm={() => mutate({ id, resource: schema.resource, meta })}
            >
              <Button danger loading={deleting} icon={<DeleteOutlined />} className="refine-delete-button" {...props} {...label('delete')} />
            </Popconfirm>,
          );
        }
        return out;
      },
    }),
    [allowed, confirm, deletingId, Link, mutate, schema.resource],
  );
}
