/**
 * A 1–N rating drawn as stars that is a valid radio group (issue 40: antd's Rate put `aria-required`
 * on a list and its stars were radios outside any group, which axe flags as critical): a
 * `role="radiogroup"` element takes the id, the label and the `aria-required` / `aria-invalid` /
 * `aria-describedby` a Form.Item gives its control, and each star is a native radio button with its
 * words ("4 – satisfeito") as its name. Arrow keys move between the stars, as in any radio group;
 * the chosen value's words are also written beside the stars (phones have no tooltips).
 */
import React, { useId } from 'react';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import './rating-input.css';

export interface RatingInputProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number) => void;
  /** The words of each value, 1 first ("1 – muito insatisfeito" …); their count is the number of stars. */
  labels: readonly string[];
  disabled?: boolean;
  'aria-labelledby'?: string;
  'aria-required'?: React.AriaAttributes['aria-required'];
  'aria-invalid'?: React.AriaAttributes['aria-invalid'];
  'aria-describedby'?: string;
}

export function RatingInput({ id, value, onChange, labels, disabled, ...aria }: RatingInputProps): React.ReactElement {
  const name = `nota-${useId()}`;
  const chosen = typeof value === 'number' ? value : undefined;
  return (
    <div
      role="radiogroup"
      id={id}
      className="portal-rating"
      aria-labelledby={aria['aria-labelledby']}
      aria-required={aria['aria-required']}
      aria-invalid={aria['aria-invalid']}
      aria-describedby={aria['aria-describedby']}
    >
      {labels.map((words, i) => {
        const n = i + 1;
        const on = chosen !== undefined && n <= chosen;
        return (
          <label key={n} className={`portal-rating-star${on ? ' is-on' : ''}`} title={words}>
            <input
              type="radio"
              className="portal-rating-input"
              name={name}
              value={n}
              checked={chosen === n}
              disabled={disabled}
              onChange={() => onChange?.(n)}
            />
            <span className="portal-rating-icon" aria-hidden="true">
              {on ? <StarFilled /> : <StarOutlined />}
            </span>
            <span className="portal-rating-hidden">{words}</span>
          </label>
        );
      })}
      <span className="portal-rating-text" aria-hidden="true">
        {chosen !== undefined ? labels[chosen - 1] : ''}
      </span>
    </div>
  );
}
