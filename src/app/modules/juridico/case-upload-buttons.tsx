/** The upload buttons of a legal case (see upload-links.ts), on the case's page and in the law firm's list of cases. */
import { Button, Space } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { usePodeCheck } from '../../access/pode';
import { caseUploadLinks } from './upload-links';

export function CaseUploadButtons({ record, size, caseTitle }: { record: Record<string, unknown>; size?: 'small' | 'middle'; caseTitle?: string }) {
  const pode = usePodeCheck();
  const navigate = useNavigate();
  const links = caseUploadLinks(pode, record);
  if (!links.length) return null;
  return (
    <Space size={8} wrap>
      {links.map((l) => (
        <Button
          key={l.key}
          type="primary"
          size={size}
          icon={<UploadOutlined />}
          href={l.to}
          aria-label={caseTitle ? `${l.label}: processo ${caseTitle}` : undefined}
          onClick={(e) => {
            e.preventDefault();
            navigate(l.to);
          }}
        >
          {l.label}
        </Button>
      ))}
    </Space>
  );
}
