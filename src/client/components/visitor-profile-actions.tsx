import { useSignInFirst } from '../lib/visitor';
import { Menu } from './menu';
import { SignInLink } from './sign-in-link';

/** A profile's Follow and "More actions", as a visitor has them: each asks them to sign in first. */
export function VisitorProfileActions({ username }: { username: string }) {
  const signInFirst = useSignInFirst();
  const at = `@${username}`;
  return (
    <span className="profile-actions">
      <SignInLink className="button" label={`Sign in to follow ${at}`}>
        Follow
      </SignInLink>
      <Menu
        label={`More actions for ${at}`}
        items={[{ label: `Sign in to block, mute or report ${at}`, onSelect: signInFirst }]}
      >
        <span aria-hidden="true">⋯</span>
      </Menu>
    </span>
  );
}
