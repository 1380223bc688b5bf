/**
 * "Preencher checklist" in the checklists section of a work order's page: a work order's checklists
 * are filled item by item on their own screen (`?os=` preselects the order). Added to the generic
 * related lists through `registerRelatedListAction` (`src/app/modules/extensions.ts`); renders
 * nothing for a section whose entity is not a filled checklist.
 */
import { Button, Grid } from 'antd';
import { FormOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { RelatedListActionProps } from '../../views/extensions';
import { checklistFillPath } from './fill-path';

export function FillChecklistLink({ parent, record, child }: RelatedListActionProps) {
  const navigate = useNavigate();
  // At phone width the short label leaves room for the section's title.
  const short = Grid.useBreakpoint().sm === false;
  const obra = parent.obraField ? record[parent.obraField] : undefined;
  const path = typeof obra === 'string' && obra && record.id !== undefined ? checklistFillPath(child.name, obra, record.id) : undefined;
  if (!path) return null;
  return (
    <Button
      size="small"
      icon={<FormOutlined />}
      href={path}
      aria-label={short ? 'Preencher checklist' : undefined}
      onClick={(e) => {
        e.preventDefault();
        navigate(path);
      }}
    >
      {short ? 'Preencher' : 'Preencher checklist'}
    </Button>
  );
}
