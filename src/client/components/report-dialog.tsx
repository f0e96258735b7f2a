import { useId, useState } from 'react';
import type { ReportReason } from '../../shared/community-schemas';
import { limits } from '../../shared/limits';
import { useToast } from '../lib/toast';
import { errorMessage, trpc } from '../lib/trpc';
import type { RouterInputs } from '../lib/trpc-types';
import { FormError } from './form-error';
import { Modal } from './modal';
import { ModalActions } from './modal-actions';
import { fits, TextCounter } from './text-counter';
import '../settings.css';

export type ReportTarget = RouterInputs['reports']['create']['target'];

const reasonText: Record<ReportReason, { label: string; hint: string }> = {
  spam: { label: 'Spam', hint: 'Advertising, scams, or the same thing posted over and over.' },
  harassment: { label: 'Harassment', hint: 'Abuse, threats or hate aimed at someone.' },
  illegal: { label: 'Illegal content', hint: 'Something that breaks the law.' },
  other: { label: 'Something else', hint: 'It breaks the rules of this instance in another way.' },
};

// Typed by the shared list, so a reason added there must be added here; not imported as a value, which would
// bring zod along (26 KB gzipped) for four words.
const reportReasons = Object.keys(reasonText) as ReportReason[];

const titles: Record<ReportTarget['kind'], string> = {
  post: 'Report post',
  comment: 'Report comment',
  member: 'Report member',
};

/**
 * Report a post, a comment or a member to the moderators, with a reason and an optional note.
 * Loaded when first opened (report-dialog-loader.tsx): most visits never report anything.
 */
export default function ReportDialog(props: { target: ReportTarget; subject: string; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const id = useId();
  const toast = useToast();
  const send = trpc.reports.create.useMutation({
    onSuccess: () => {
      toast.info('Report sent');
      props.onClose();
    },
  });
  return (
    <Modal title={titles[props.target.kind]} onClose={props.onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (reason && fits(note, limits.reportNoteMax)) send.mutate({ target: props.target, reason, note });
        }}
      >
        <p className="muted">
          {props.subject}. The moderators see your report; the member you report is not told who sent it.
        </p>
        <fieldset className="report-reasons">
          <legend>Reason</legend>
          {reportReasons.map((value) => (
            <div className="report-reason" key={value}>
              <input
                type="radio"
                id={`${id}-${value}`}
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                aria-describedby={`${id}-${value}-hint`}
              />
              <label htmlFor={`${id}-${value}`}>{reasonText[value].label}</label>
              <p id={`${id}-${value}-hint`} className="hint">
                {reasonText[value].hint}
              </p>
            </div>
          ))}
        </fieldset>
        <label htmlFor={`${id}-note`}>Note (optional)</label>
        <textarea
          id={`${id}-note`}
          rows={3}
          value={note}
          aria-invalid={!fits(note, limits.reportNoteMax) || undefined}
          aria-describedby={`${id}-note-counter`}
          onChange={(event) => setNote(event.target.value)}
        />
        <TextCounter id={`${id}-note-counter`} text={note} max={limits.reportNoteMax} />
        <FormError message={send.isError ? errorMessage(send.error) : null} />
        <ModalActions
          onCancel={props.onClose}
          submitLabel="Send report"
          disabled={!reason || !fits(note, limits.reportNoteMax) || send.isPending}
        />
      </form>
    </Modal>
  );
}
