/** Pieces the "Contas de serviço" screens share (issue 41): role tags, state tags, the query key. */
import React from 'react';
import { Space, Tag } from 'antd';
import { API_KEY_STATE_LABELS, type ApiKeyState } from '../../../../resources/service-accounts';
import { roleName } from '../../../access/roles';
export { visuallyHidden } from '../../views/visually-hidden';

export const ACCOUNTS_KEY = ['contas-servico'];

/** Tags at AA contrast (palette shade 9 on shade 1). */
const GREEN = { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' };
const RED = { color: '#820014', background: '#fff1f0', borderColor: '#ffa39e' };
const GREY = { color: 'rgba(0, 0, 0, 0.75)' };

export function RoleTags({ roles }: { roles: string[] }): React.ReactElement {
  return (
    <Space size={[4, 4]} wrap>
      {roles.map((r) => (
        <Tag key={r} style={{ marginInlineEnd: 0 }}>
          {roleName(r)}
        </Tag>
      ))}
    </Space>
  );
}

export const accountStateTag = (ativo: boolean) => (ativo ? <Tag style={GREEN}>Ativa</Tag> : <Tag style={GREY}>Desativada</Tag>);

export const keyStateTag = (s: ApiKeyState) => <Tag style={s === 'ativa' ? GREEN : s === 'revogada' ? RED : GREY}>{API_KEY_STATE_LABELS[s]}</Tag>;
