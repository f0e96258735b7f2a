import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useInstance } from '../lib/use-instance';
import { VisitorBar } from './visitor-bar';

/**
 * A page the instance may open to visitors (a post, a profile, a tag, explore), as someone signed out sees
 * it: with "Visitors may read public profiles and posts" on, the page under the visitor header; off (or
 * while that cannot be read), the login page, as for every other page, which comes back here after signing in.
 */
export function VisitorRoute({ children }: { children: ReactNode }) {
  const { query } = useInstance();
  const [location, navigate] = useLocation();
  const open = query.data?.visitorsMayRead === true;
  const refused = query.isError || (query.isSuccess && !open);
  useEffect(() => {
    if (refused) navigate('/auth', { replace: true, state: { from: location } });
  }, [refused, location, navigate]);
  if (query.isPending) return <p className="page-loading">Loading…</p>;
  if (!open) return null;
  return (
    <>
      <VisitorBar />
      <main className="page">{children}</main>
    </>
  );
}
