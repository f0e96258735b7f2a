import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';

/**
 * What a visitor gets in place of an action: a link to the login page, named for what it leads to ("Sign in
 * to like this post"), which comes back to this page after signing in (use-sign-in.ts).
 */
export function SignInLink({
  label,
  className,
  children,
}: {
  /** The link's accessible name, when its visible content is an icon or a shorter word. */
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const [location] = useLocation();
  return (
    <Link href="/auth" state={{ from: location }} className={className} aria-label={label}>
      {children}
    </Link>
  );
}
