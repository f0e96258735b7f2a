import { errorMessage, trpc } from '../../lib/trpc';
import type { RouterOutputs } from '../../lib/trpc-types';
import { useRelations, type RelationAction } from '../../lib/use-relations';
import { PersonLink } from '../person-link';
import { RelativeTime } from '../relative-time';
import { SettingsSection } from './settings-section';

type Relation = RouterOutputs['relations']['list']['blocked'][number];

function RelationList(props: {
  people: Relation[];
  undo: Extract<RelationAction, 'unblock' | 'unmute'>;
  empty: string;
}) {
  const relations = useRelations();
  const label = props.undo === 'unblock' ? 'Unblock' : 'Unmute';
  if (props.people.length === 0) return <p className="muted">{props.empty}</p>;
  return (
    <ul className="people-list">
      {props.people.map((person) => (
        <li key={person.id}>
          <PersonLink person={person} size={36} />
          <span className="muted people-since">
            since <RelativeTime iso={person.since} />
          </span>
          <button
            type="button"
            className="button secondary"
            aria-label={`${label} @${person.username}`}
            disabled={relations.busy}
            onClick={() => void relations.run(props.undo, person.username).catch(() => undefined)}
          >
            {label}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Whom I blocked and whom I muted, each undone here. */
export function RelationsLists() {
  const list = trpc.relations.list.useQuery();
  const body = (which: 'blocked' | 'muted') => {
    if (list.isPending) return <p className="muted">Loading…</p>;
    if (list.isError)
      return <p className="form-error">Could not load the list: {errorMessage(list.error)}</p>;
    return which === 'blocked' ? (
      <RelationList people={list.data.blocked} undo="unblock" empty="You have not blocked anyone." />
    ) : (
      <RelationList people={list.data.muted} undo="unmute" empty="You have not muted anyone." />
    );
  };
  return (
    <>
      <SettingsSection
        title="Blocked members"
        intro="Neither of you sees the other's posts or comments, and neither can follow or mention the other."
      >
        {body('blocked')}
      </SettingsSection>
      <SettingsSection
        title="Muted members"
        intro="Their posts, comments and notifications are hidden from you. They are not told."
      >
        {body('muted')}
      </SettingsSection>
    </>
  );
}
