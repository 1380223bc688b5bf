/**
 * One line of text cut with an ellipsis, the whole text in a tooltip when it does not fit: what
 * antd's `<Typography.Text ellipsis={{ tooltip }}>` shows, with the same classes and tooltip.
 *
 * antd's version measures every instance after each render (it appends an element, reads both
 * rectangles and removes it: one forced layout per cell) and keeps a ResizeObserver and an
 * IntersectionObserver per cell; on a list of 25 rows that was ~0.15 s of layout thrashing. Here
 * the text is measured when the pointer enters it, and the Tooltip exists only for a cut text.
 */
import { useState, type CSSProperties } from 'react';
import { Tooltip, Typography } from 'antd';

export function EllipsisText({ text, style }: { text: string; style?: CSSProperties }) {
  const [cut, setCut] = useState(false);
  const span = (
    <Typography.Text
      className="ant-typography-ellipsis ant-typography-ellipsis-single-line"
      style={style}
      onMouseEnter={(e) => {
        const el = e.currentTarget;
        setCut(el.scrollWidth > el.clientWidth);
      }}
    >
      {text}
    </Typography.Text>
  );
  // Mounted by the hover that found the text cut: open at once, then antd's hover behaviour.
  return cut ? (
    <Tooltip title={text} defaultOpen>
      {span}
    </Tooltip>
  ) : (
    span
  );
}
