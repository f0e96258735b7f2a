import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { InstanceAbout } from '../../../server/domain/views';
import { registrationModes, type RegistrationMode } from '../../../shared/community-schemas';
import { limits } from '../../../shared/limits';
import { LoadFailed } from '../../components/admin/load-failed';
import { fits, TextCounter } from '../../components/text-counter';
import {
  checkSettings,
  type SettingsErrors as Errors,
  type SettingsField as Field,
} from '../../lib/admin-settings-form';
import { rulesToText } from '../../lib/admin-words';
import { useToast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';

const registrationWords: Record<RegistrationMode, { label: string; hint: string }> = {
  open: { label: 'Open', hint: 'Anyone can sign up and start at once.' },
  approval: {
    label: 'Approval',
    hint: 'Anyone can sign up; a moderator approves each new account before it can be used.',
  },
  invite: { label: 'Invite only', hint: 'Signing up needs an invite code.' },
  closed: { label: 'Closed', hint: 'Nobody can sign up. Admins add members from the command line.' },
};

function SettingsForm({ about }: { about: InstanceAbout }) {
  const [name, setName] = useState(about.name);
  const [description, setDescription] = useState(about.description);
  const [rules, setRules] = useState(rulesToText(about.rules));
  const [registration, setRegistration] = useState<RegistrationMode>(about.registration);
  const [invitesByMembers, setInvitesByMembers] = useState(about.invitesByMembers);
  const [visitorsMayRead, setVisitorsMayRead] = useState(about.visitorsMayRead);
  const [errors, setErrors] = useState<Errors>({});
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = useRef(false);
  // The first field in error takes focus in the commit that marks it: a timer could run before React has
  // marked it, or after someone (a browser test, a screen reader) has already looked.
  useLayoutEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  const utils = trpc.useUtils();
  const toast = useToast();
  const id = useId();
  const save = trpc.instance.update.useMutation({
    onSuccess: (saved) => {
      utils.instance.about.setData(undefined, saved);
      setRules(rulesToText(saved.rules));
      void utils.admin.log.invalidate();
      toast.info('The instance settings are saved.');
    },
    onError: (error) => toast.error(`Could not save the settings: ${errorMessage(error)}`),
  });

  const described = (field: Field, hint?: string) =>
    [hint && `${id}-${field}-hint`, errors[field] && `${id}-${field}-error`].filter(Boolean).join(' ') ||
    undefined;
  const error = (field: Field) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="form-error">
        {errors[field]}
      </p>
    );

  return (
    <form
      ref={form}
      className="card admin-settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const result = checkSettings({
          name,
          description,
          rules,
          registration,
          invitesByMembers,
          visitorsMayRead,
        });
        focusFirstError.current = !result.input;
        setErrors(result.errors ?? {});
        if (result.input) save.mutate(result.input);
      }}
    >
      <label htmlFor={`${id}-name`}>Instance name</label>
      <input
        id={`${id}-name`}
        value={name}
        required
        aria-invalid={errors.name ? true : undefined}
        aria-describedby={[described('name'), `${id}-name-counter`].filter(Boolean).join(' ')}
        onChange={(event) => setName(event.target.value)}
      />
      <TextCounter id={`${id}-name-counter`} text={name} max={limits.instanceNameMax} />
      {error('name')}

      <label htmlFor={`${id}-description`}>Description</label>
      <textarea
        id={`${id}-description`}
        rows={4}
        value={description}
        aria-invalid={errors.description ? true : undefined}
        aria-describedby={[described('description', 'hint'), `${id}-description-counter`]
          .filter(Boolean)
          .join(' ')}
        onChange={(event) => setDescription(event.target.value)}
      />
      <TextCounter id={`${id}-description-counter`} text={description} max={limits.instanceDescriptionMax} />
      <p id={`${id}-description-hint`} className="hint">
        Shown on the About page and at signup.
      </p>
      {error('description')}

      <label htmlFor={`${id}-rules`}>Rules</label>
      <textarea
        id={`${id}-rules`}
        rows={6}
        value={rules}
        aria-invalid={errors.rules ? true : undefined}
        aria-describedby={described('rules', 'hint')}
        onChange={(event) => setRules(event.target.value)}
      />
      <p id={`${id}-rules-hint`} className="hint">
        One rule per line, in order: at most {limits.instanceRulesMax} rules of {limits.instanceRuleMax}{' '}
        characters. Blank lines are left out.
      </p>
      {error('rules')}

      <fieldset className="admin-radios" aria-describedby={errors.registration && `${id}-registration-error`}>
        <legend>Registration</legend>
        {registrationModes.map((mode) => (
          <div key={mode} className="admin-radio">
            <input
              type="radio"
              id={`${id}-registration-${mode}`}
              name={`${id}-registration`}
              value={mode}
              checked={registration === mode}
              aria-describedby={`${id}-registration-${mode}-hint`}
              onChange={() => setRegistration(mode)}
            />
            <label htmlFor={`${id}-registration-${mode}`}>{registrationWords[mode].label}</label>
            <p id={`${id}-registration-${mode}-hint`} className="hint">
              {registrationWords[mode].hint}
            </p>
          </div>
        ))}
        {error('registration')}
      </fieldset>

      <div className="admin-check">
        <input
          type="checkbox"
          id={`${id}-invites`}
          checked={invitesByMembers}
          aria-describedby={`${id}-invites-hint`}
          onChange={(event) => setInvitesByMembers(event.target.checked)}
        />
        <label htmlFor={`${id}-invites`}>Members may create invite codes</label>
        <p id={`${id}-invites-hint`} className="hint">
          Admins always may. Codes matter while registration is invite only.
        </p>
      </div>
      {error('invitesByMembers')}

      <div className="admin-check">
        <input
          type="checkbox"
          id={`${id}-visitors`}
          checked={visitorsMayRead}
          aria-describedby={`${id}-visitors-hint`}
          onChange={(event) => setVisitorsMayRead(event.target.checked)}
        />
        <label htmlFor={`${id}-visitors`}>Visitors may read public profiles and posts</label>
        <p id={`${id}-visitors-hint`} className="hint">
          Someone signed out can open a shared post, a profile, a hashtag and Explore, and links to them show
          a title and an excerpt when pasted elsewhere. Off: they see the login page.
        </p>
      </div>
      {error('visitorsMayRead')}

      <div className="admin-form-actions">
        <button
          type="submit"
          className="button"
          disabled={
            save.isPending ||
            !fits(name, limits.instanceNameMax) ||
            !fits(description, limits.instanceDescriptionMax)
          }
        >
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

/** /admin/settings (admins): the instance's name, description, rules and registration. */
export default function InstanceSettings() {
  // Read afresh: the form starts from what the server holds now, not from a copy the login page cached.
  const about = trpc.instance.about.useQuery(undefined, { refetchOnMount: 'always' });
  const titleId = useId();
  let body;
  if (about.isPending || (about.isFetching && !about.isFetchedAfterMount))
    body = <p className="card empty">Loading the settings…</p>;
  else if (about.isError)
    body = <LoadFailed what="The settings" error={about.error} onRetry={() => about.refetch()} />;
  else body = <SettingsForm about={about.data} />;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-section-title">
        Instance settings
      </h2>
      {body}
    </section>
  );
}
