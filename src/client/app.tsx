import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ComposeButton } from './components/compose-button';
import { Navbar } from './components/navbar';
import { VisitorRoute } from './components/visitor-route';
import { TabBar } from './components/tab-bar';
import { decodeParam } from './lib/paths';
import { useSession } from './lib/session';
import { useAccountWatch } from './lib/use-account';
import ExplorePage from './pages/explore-page';
import { HomePage } from './pages/home-page';
import { LoginPage } from './pages/login-page';
import PostPage from './pages/post-page';
import ProfilePage from './pages/profile-page';

// Home, login and the screens a shared link opens (explore, a profile, a post) are in the first bundle, so
// their first posts are drawn in the app's first render (docs/performance.md, "First post on screen"); the
// other screens load when first visited.
const NotificationsPage = lazy(() => import('./pages/notifications-page'));
const BookmarkPage = lazy(() => import('./pages/bookmark-page'));
const SignupPage = lazy(() => import('./pages/signup-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));
const TagPage = lazy(() => import('./pages/tag-page'));
const SettingsPage = lazy(() => import('./pages/settings-page'));
const AboutPage = lazy(() => import('./pages/about-page'));
const AccountStatePage = lazy(() => import('./pages/account-state-page'));
const AdminPage = lazy(() => import('./pages/admin/admin-page'));
const SearchPage = lazy(() => import('./pages/search-page'));
const ConsentPage = lazy(() => import('./pages/consent-page'));

/**
 * Spec section 2: a signed-out visitor goes to /auth, and the page they wanted is remembered. An
 * account waiting for approval or suspended sees only that, wherever it goes.
 */
function Protected({ children }: { children: ReactNode }) {
  const current = useSession();
  const [location, navigate] = useLocation();
  useAccountWatch();
  useEffect(() => {
    if (!current) navigate('/auth', { replace: true, state: { from: location } });
  }, [current, location, navigate]);
  if (!current) return null;
  if (current.state !== 'active') return <AccountStatePage state={current.state} />;
  return (
    <>
      <Navbar />
      <main className="page">{children}</main>
      <TabBar />
      <ComposeButton />
    </>
  );
}

/**
 * A page the instance may open to visitors: a member's as any protected page; someone signed out reads it
 * when the instance allows visitors (components/visitor-route.tsx), else goes to /auth as above.
 */
function Readable({ children }: { children: ReactNode }) {
  return useSession() ? <Protected>{children}</Protected> : <VisitorRoute>{children}</VisitorRoute>;
}

/** /auth and /signup: a signed-in member is sent home. */
function SignedOutOnly({ children }: { children: ReactNode }) {
  const current = useSession();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (current) navigate('/', { replace: true });
  }, [current, navigate]);
  return current ? null : <main className="page auth-page">{children}</main>;
}

/**
 * Pages anyone may see (unknown paths, /about): the navbar stays for a signed-in member, so the way back is
 * where it always is.
 */
function Public({ children }: { children: ReactNode }) {
  const current = useSession();
  return (
    <>
      {current?.state === 'active' && <Navbar />}
      <main className="page">{children}</main>
      {current?.state === 'active' && <TabBar />}
    </>
  );
}

export function App() {
  return (
    <Suspense fallback={<p className="page-loading">Loading…</p>}>
      <Switch>
        <Route path="/auth">
          <SignedOutOnly>
            <LoginPage />
          </SignedOutOnly>
        </Route>
        <Route path="/signup">
          <SignedOutOnly>
            <SignupPage />
          </SignedOutOnly>
        </Route>
        <Route path="/">
          <Protected>
            <HomePage />
          </Protected>
        </Route>
        <Route path="/explore">
          <Readable>
            <ExplorePage />
          </Readable>
        </Route>
        <Route path="/bookmark">
          <Protected>
            <BookmarkPage />
          </Protected>
        </Route>
        <Route path="/notifications">
          <Protected>
            <NotificationsPage />
          </Protected>
        </Route>
        <Route path="/profile/:profileID">
          {(params) => (
            <Readable>
              <ProfilePage username={decodeURIComponent(params.profileID)} />
            </Readable>
          )}
        </Route>
        <Route path="/post/:id">
          {(params) => (
            <Readable>
              <PostPage key={params.id} postId={decodeParam(params.id)} />
            </Readable>
          )}
        </Route>
        <Route path="/settings">
          <Protected>
            <SettingsPage />
          </Protected>
        </Route>
        <Route path="/about">
          <Public>
            <AboutPage />
          </Public>
        </Route>
        <Route path="/tag/:tag">
          {(params) => (
            <Readable>
              <TagPage tag={decodeParam(params.tag)} />
            </Readable>
          )}
        </Route>
        <Route path="/search">
          <Readable>
            <SearchPage />
          </Readable>
        </Route>
        <Route path="/oauth/authorize">
          <ConsentPage />
        </Route>
        <Route path="/admin/:section?">
          {(params) => (
            <Protected>
              <AdminPage section={params.section} />
            </Protected>
          )}
        </Route>
        <Route>
          <Public>
            <NotFoundPage />
          </Public>
        </Route>
      </Switch>
    </Suspense>
  );
}
