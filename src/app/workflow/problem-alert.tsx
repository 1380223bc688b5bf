/** A refused step's message, with the record fields it names ("Arquivos do contrato: preencha…"). */
import { Alert } from 'antd';
import type { TransitionProblem } from './transition-errors';

export function ProblemAlert({ problem, onClose }: { problem: TransitionProblem; onClose?: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      closable={!!onClose}
      onClose={onClose}
      message={problem.message}
      description={
        problem.fields.length ? (
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {problem.fields.map((f) => (
              <li key={f.name}>
                <strong>{f.label}</strong>: {f.messages.join(' ')}
              </li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}
