import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Modal } from './Modal';

interface Question {
  title: string;
  body?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
}

/**
 * A yes/no question in a modal dialog, in place of `window.confirm`: the station's words,
 * buttons that say what they do, and focus back where it was. `ask` resolves true only when
 * the confirming button was pressed (Esc and Cancel are no).
 */
export function useConfirm(): [ReactNode, (question: Question) => Promise<boolean>] {
  const [question, setQuestion] = useState<Question | null>(null);
  const answer = useRef<(yes: boolean) => void>(() => {});
  const ask = useCallback(
    (next: Question) =>
      new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setQuestion(next);
      }),
    [],
  );
  const settle = (yes: boolean) => {
    setQuestion(null);
    answer.current(yes);
  };
  const element = question && (
    <Modal label={question.title} onClose={() => settle(false)}>
      <h2>{question.title}</h2>
      {question.body && <div className="modal-body">{question.body}</div>}
      <div className="modal-actions">
        <button type="button" className={`button ${question.danger ? 'button-danger-solid' : 'button-primary'}`} onClick={() => settle(true)}>
          {question.confirmLabel}
        </button>
        <button type="button" className="button" data-autofocus onClick={() => settle(false)}>
          Cancel
        </button>
      </div>
    </Modal>
  );
  return [element, ask];
}
