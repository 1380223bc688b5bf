/**
 * The title of a record page (Refine's Show header): a heading that wraps onto more lines on a
 * narrow screen instead of being cut ("Ticket de pós-venda: Sensor de fim de…" on a 390 px phone).
 * Refine renders a string title as an antd h4 inside a page header whose title slot is one
 * ellipsised line; this heading keeps the same look and lets the text wrap. `page-title.css` puts the
 * header's buttons under the title on narrow screens, so the title has the whole width.
 */
import type { ReactNode } from 'react';
import { Typography } from 'antd';
import './page-title.css';

/** Class of the Show wrapper (`wrapperProps`) whose header the stylesheet arranges. */
export const RECORD_PAGE_CLASS = 'portal-show';

export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title
      level={4}
      className="refine-pageHeader-title portal-page-title"
      style={{ marginBottom: 0, whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.3 }}
    >
      {children}
    </Typography.Title>
  );
}
