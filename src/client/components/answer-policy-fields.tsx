import { useId } from 'react';
import type { CommentPolicy, QuotePolicy } from '../../shared/answer-schemas';
import { commentChoices, quoteChoices } from '../lib/answer-words';

export type AnswerPolicies = { commentPolicy: CommentPolicy; quotePolicy: QuotePolicy };
export const defaultPolicies: AnswerPolicies = { commentPolicy: 'everyone', quotePolicy: 'everyone' };

/** "Who can comment" and "Who can quote": two labelled selects, in the composer and in "Who can answer". */
export function AnswerPolicyFields({
  value,
  onChange,
  disabled,
}: {
  value: AnswerPolicies;
  onChange: (value: AnswerPolicies) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="answer-policy-fields">
      <span>
        <label htmlFor={`${id}-comment`}>Who can comment</label>
        <select
          id={`${id}-comment`}
          value={value.commentPolicy}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, commentPolicy: event.target.value as CommentPolicy })}
        >
          {commentChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </span>
      <span>
        <label htmlFor={`${id}-quote`}>Who can quote</label>
        <select
          id={`${id}-quote`}
          value={value.quotePolicy}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, quotePolicy: event.target.value as QuotePolicy })}
        >
          {quoteChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
