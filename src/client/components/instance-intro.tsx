import { useId } from 'react';
import { Link } from 'wouter';
import type { InstanceAbout } from '../lib/use-instance';

/** The instance's description and rules, as the signup screen shows them before the form. */
export function InstanceIntro({ instance }: { instance: InstanceAbout }) {
  const rulesId = useId();
  return (
    <div className="instance-intro">
      {instance.description && <p className="instance-description">{instance.description}</p>}
      {instance.rules.length > 0 && (
        <section aria-labelledby={rulesId}>
          <h2 id={rulesId} className="instance-rules-title">
            Rules
          </h2>
          <ol className="instance-rules">
            {instance.rules.map((rule, index) => (
              <li key={index}>{rule}</li>
            ))}
          </ol>
        </section>
      )}
      <p className="muted instance-about-link">
        <Link href="/about">About {instance.name}</Link>
      </p>
    </div>
  );
}
