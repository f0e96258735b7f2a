import { useId, type ReactNode } from 'react';

/** One titled card of /settings; the title names the region for screen readers. */
export function SettingsSection(props: { title: string; intro?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card settings-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{props.title}</h2>
      {props.intro && <p className="muted settings-intro">{props.intro}</p>}
      {props.children}
    </section>
  );
}
