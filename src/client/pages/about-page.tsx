import { errorMessage } from '../lib/error-text';
import { Link } from 'wouter';
import { PersonLink } from '../components/person-link';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';
import { useInstance, type InstanceAbout } from '../lib/use-instance';
import '../settings.css';

const registrationText: Record<InstanceAbout['registration'], string> = {
  open: 'Anyone may sign up.',
  approval: 'Anyone may sign up; a moderator approves each new account.',
  invite: 'New accounts need an invite code from a member.',
  closed: 'Registration is closed for now.',
};

function Staff({ title, people }: { title: string; people: InstanceAbout['admins'] }) {
  if (people.length === 0) return null;
  return (
    <section className="card" aria-labelledby={`about-${title}`}>
      <h2 id={`about-${title}`}>{title}</h2>
      <ul className="people-list">
        {people.map((person) => (
          <li key={person.id}>
            <PersonLink person={person} size={40} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The public /about page, for visitors as much as for members: what this instance is, its rules,
 * how to join, and who runs it (admins and moderators, each a link to their profile).
 */
export default function AboutPage() {
  const { query, instance } = useInstance();
  const current = useSession();
  useDocumentTitle(`About ${instance.name}`);

  if (query.isPending) {
    return <div className="column card skeleton" aria-busy="true" aria-label="Loading" />;
  }
  if (query.isError) {
    return (
      <div className="column card empty">
        <h1>About this instance</h1>
        <p>Its details could not be loaded: {errorMessage(query.error)}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="column about">
      <section className="card" aria-labelledby="about-title">
        <h1 id="about-title" className="about-title">
          About {instance.name}
        </h1>
        {instance.description ? (
          <p className="instance-description">{instance.description}</p>
        ) : (
          <p className="muted">A Realm instance: a small social network that anyone can run themselves.</p>
        )}
        <p>
          <strong>Joining:</strong> {registrationText[instance.registration]}
        </p>
        {current && current.state !== 'active' && (
          <p>
            <Link href="/">Back to your account</Link>
          </p>
        )}
        {!current && (
          <p className="about-actions">
            {instance.registration !== 'closed' && (
              <Link href="/signup" className="button">
                Create an account
              </Link>
            )}
            <Link href="/auth" className="button secondary">
              Log in
            </Link>
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="about-rules">
        <h2 id="about-rules">Rules</h2>
        {instance.rules.length > 0 ? (
          <ol className="instance-rules">
            {instance.rules.map((rule, index) => (
              <li key={index}>{rule}</li>
            ))}
          </ol>
        ) : (
          <p className="muted">The admins have not written any rules yet.</p>
        )}
      </section>
      <Staff title="Admins" people={instance.admins} />
      <Staff title="Moderators" people={instance.moderators} />
    </div>
  );
}
