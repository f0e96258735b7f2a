import { describe, expect, it } from 'vitest';
import { demoCredentials, logIn, signUp, type E2ePage } from './harness.js';
import { demoHandle } from '../../src/shared/demo.js';
import { composer, useE2e } from './page-helpers.js';

// Each test's pages close after it (useE2e): pages left open hold their connections, and the server takes at
// most 64 at once from one address (docs/security.md), which a long file of them once reached.
const e2e = useE2e();

/** Chromium logs every 4xx response as a console error; these are the ones a test expects. */
const withoutExpected401 = (errors: string[]) =>
  errors.filter((e) => !e.includes('Failed to load resource: the server responded with a status of 401'));

const storage = (p: E2ePage) =>
  p.page.evaluate(() => ({ token: sessionStorage.getItem('token'), user: sessionStorage.getItem('user') }));

const navbar = (p: E2ePage) => p.page.getByRole('navigation', { name: 'Main' });

/** Logs in on the login page that is already shown (no reload, so the remembered origin is kept). */
async function submitLogin(
  p: E2ePage,
  credentials: { username: string; password: string } = demoCredentials,
) {
  await p.page.getByLabel('Email').fill(credentials.username);
  await p.page.getByLabel('Password').fill(credentials.password);
  await p.page.getByRole('button', { name: 'Login to your account' }).click();
}

async function expectLoginPage(p: E2ePage) {
  await p.page.waitForURL(p.url('/auth'));
  await p.page.getByRole('heading', { name: 'Login to Realm' }).waitFor();
}

describe('protected routes', () => {
  it.each(['/bookmark', '/profile/janecooper'])(
    'a signed-out visit to %s lands on /auth and returns there after logging in',
    async (path) => {
      const p = await e2e.open();
      await p.page.goto(p.url(path));
      await expectLoginPage(p);
      await submitLogin(p);
      await p.page.waitForURL(p.url(path));
      const heading = path === '/bookmark' ? 'Bookmarks' : 'Jane Cooper';
      await p.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(p.errors).toEqual([]);
    },
  );

  it('sends a signed-in member from /auth and /signup to /', async () => {
    const p = await e2e.open();
    await logIn(p);
    for (const path of ['/auth', '/signup']) {
      await p.page.goto(p.url(path));
      await p.page.waitForURL(p.url('/'));
      await p.page.getByRole('article').first().waitFor();
    }
    expect(p.errors).toEqual([]);
  });
});

describe('logging in', () => {
  it('shows "Wrong crediential" for a wrong password and stays on /auth', async () => {
    const p = await e2e.open();
    await p.page.goto(p.url('/auth'));
    await submitLogin(p, { username: demoCredentials.username, password: 'not-the-password' });
    await p.page.getByRole('alert').filter({ hasText: 'Wrong crediential' }).waitFor();
    expect(p.page.url()).toBe(p.url('/auth'));
    expect(await storage(p)).toEqual({ token: null, user: null });
    // The refused login answers 401, which Chromium logs as a failed resource: expected here.
    expect(withoutExpected401(p.errors)).toEqual([]);
  });

  it('"Add Test Credentials" fills the demo credentials, and logging in stores token and user', async () => {
    const p = await e2e.open();
    await p.page.goto(p.url('/auth'));
    await p.page.getByRole('button', { name: 'Add Test Credentials' }).click();
    expect(await p.page.getByLabel('Email').inputValue()).toBe(demoCredentials.username);
    expect(await p.page.getByLabel('Password').inputValue()).toBe(demoCredentials.password);
    // The email or the handle signs in, so the field is a text field (with an email keyboard on phones).
    expect(await p.page.getByLabel('Email').getAttribute('inputmode')).toBe('email');
    await p.page.getByRole('button', { name: 'Login to your account' }).click();
    await p.page.waitForURL(p.url('/'));
    const { token, user } = await storage(p);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse(user ?? '{}')).toMatchObject({
      username: demoHandle,
      firstName: 'Riya',
      lastName: 'Sharma',
    });
    expect(user).not.toContain('password');
    expect(p.errors).toEqual([]);
  });
});

describe('signing up', () => {
  it('goes from the login page to signup and back, then signs a new member up into an empty feed', async () => {
    const p = await e2e.open();
    await p.page.goto(p.url('/auth'));
    await p.page.getByRole('link', { name: 'Create an account' }).click();
    await p.page.waitForURL(p.url('/signup'));
    await p.page.getByRole('heading', { name: 'Join Realm' }).waitFor();
    await p.page.getByRole('link', { name: 'Log in' }).click();
    await expectLoginPage(p);
    await p.page.getByRole('link', { name: 'Create an account' }).click();
    await p.page.waitForURL(p.url('/signup'));

    const handle = `ada_${Date.now().toString(36)}`;
    const email = `${handle}@example.com`;
    await p.page.getByLabel('First name').fill('Ada');
    await p.page.getByLabel('Last name').fill('Newcomer');
    // The handle is suggested from the name as typed, and its availability shown.
    expect(await p.page.getByLabel('Handle').inputValue()).toBe('ada_newcomer');
    await p.page.getByText('@ada_newcomer is available.').waitFor();
    await p.page.getByLabel('Handle').fill('janecooper');
    await p.page.getByText('That handle is taken. Please choose another.').waitFor();
    await p.page.getByLabel('Handle').fill(handle);
    await p.page.getByText(`@${handle} is available.`).waitFor();
    await p.page.getByLabel('Email').fill(email);
    await p.page.getByLabel('Password').fill('a-long-password');
    await p.page.getByRole('button', { name: 'Create account' }).click();
    await p.page.waitForURL(p.url('/'));

    await p.page.getByText('Your feed is empty.', { exact: false }).waitFor();
    expect(await p.page.getByRole('article').count()).toBe(0);
    const suggestions = p.page.getByRole('region', { name: 'Who to follow' });
    await suggestions.getByRole('button', { name: 'Follow @janecooper' }).waitFor();
    // Everyone else from the seed is suggested, and never the new member themself.
    expect(await suggestions.getByRole('button', { name: /^Follow @/ }).count()).toBeGreaterThanOrEqual(6);
    expect(await suggestions.getByText(`@${handle}`).count()).toBe(0);

    const { token, user } = await storage(p);
    expect(token).toBeTruthy();
    expect(JSON.parse(user ?? '{}')).toMatchObject({
      username: handle,
      firstName: 'Ada',
      lastName: 'Newcomer',
    });
    expect(p.errors).toEqual([]);
  });

  it("shows the new handle on the card, the email in the member's own settings, and nowhere on others' screens", async () => {
    const p = await e2e.open();
    const me = await signUp(p, 'Eve', 'Private');
    await p.page.goto(p.url('/settings'));
    const account = p.page.getByRole('region', { name: 'Account' });
    await account.getByText(me.email).waitFor();
    await account.getByText(`@${me.username}`).waitFor();
    await p.page.goto(p.url('/'));
    const content = `Hello from ${me.username}`;
    await composer(p.page).fill(content);
    await p.page.getByRole('button', { name: 'Post', exact: true }).click();
    await p.page.getByRole('article').filter({ hasText: content }).waitFor();

    const other = await e2e.open();
    await logIn(other);
    for (const path of ['/explore', `/profile/${me.username}`]) {
      await other.page.goto(other.url(path));
      const card = other.page.getByRole('article').filter({ hasText: content });
      await card.waitFor();
      await card.getByText(`@${me.username}`).first().waitFor();
      expect(await other.page.content()).not.toContain(me.email);
      expect(await other.page.content()).not.toContain('example.com');
    }
    expect(other.errors).toEqual([]);
  });

  it('suggests people to follow inside the empty feed at phone width', async () => {
    const p = await e2e.open({ width: 390, height: 844 });
    await signUp(p, 'Pho', 'Newcomer');
    await p.page.getByText('Your feed is empty.', { exact: false }).waitFor();
    const suggestions = p.page.getByRole('region', { name: 'People to follow' });
    await suggestions.getByRole('button', { name: 'Follow @janecooper' }).waitFor();
    expect(await p.page.getByRole('region', { name: 'Who to follow' }).isVisible()).toBe(false);
    expect(p.errors).toEqual([]);
  });
});

describe('the account menu', () => {
  it('"Your Profile" opens /profile/{username}; "Log out" clears the session and protects pages again', async () => {
    const p = await e2e.open();
    await logIn(p);
    await p.page.getByRole('button', { name: 'Account menu' }).click();
    await p.page.getByRole('menuitem', { name: 'Your Profile' }).click();
    await p.page.waitForURL((u) => decodeURIComponent(u.pathname) === `/profile/${demoHandle}`);
    await p.page.getByRole('heading', { name: 'Riya Sharma', level: 1 }).waitFor();
    await p.page.getByRole('button', { name: 'Edit Profile' }).waitFor();

    await p.page.getByRole('button', { name: 'Account menu' }).click();
    await p.page.getByRole('menuitem', { name: 'Log out' }).click();
    await expectLoginPage(p);
    expect(await storage(p)).toEqual({ token: null, user: null });
    expect(await navbar(p).count()).toBe(0);
    // No "session ended" notice after a deliberate logout.
    expect(await p.page.getByText('Your session has ended.', { exact: false }).count()).toBe(0);

    await p.page.goto(p.url('/explore'));
    await expectLoginPage(p);
    expect(p.errors).toEqual([]);
  });
});

describe('an invalid token', () => {
  it('signs the member out with "Your session has ended. Please log in again." and returns after login', async () => {
    const p = await e2e.open();
    await logIn(p);
    await p.page.evaluate(() => sessionStorage.setItem('token', 'not.a-valid.token'));
    await p.page.goto(p.url('/bookmark'));
    await expectLoginPage(p);
    await p.page.getByText('Your session has ended. Please log in again.', { exact: true }).waitFor();
    expect(await storage(p)).toEqual({ token: null, user: null });
    expect(await navbar(p).count()).toBe(0);

    await submitLogin(p);
    await p.page.waitForURL(p.url('/bookmark'));
    await p.page.getByRole('heading', { name: 'Bookmarks', level: 1 }).waitFor();
    // The server refused the bad token with 401 (that is the point of this test); nothing else may fail.
    expect(withoutExpected401(p.errors)).toEqual([]);
  });
});

describe('not found and the navbar', () => {
  it('shows a not-found page with a link home, signed out and signed in', async () => {
    const p = await e2e.open();
    await p.page.goto(p.url('/no/such/page'));
    await p.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await navbar(p).count()).toBe(0);
    await p.page.getByRole('link', { name: 'Go home' }).click();
    await expectLoginPage(p); // home is protected

    await submitLogin(p);
    await p.page.waitForURL(p.url('/'));
    await p.page.goto(p.url('/no-such-screen'));
    await p.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await navbar(p).waitFor(); // signed in, the navbar stays: the usual way back is where it always is
    await p.page.getByRole('link', { name: 'Go home' }).click();
    await p.page.waitForURL(p.url('/'));
    await p.page.getByRole('article').first().waitFor();
    expect(p.errors).toEqual([]);
  });

  it('shows the navbar only when signed in, with NewsFeed, Bookmark and Explore links', async () => {
    const p = await e2e.open();
    for (const path of ['/auth', '/signup']) {
      await p.page.goto(p.url(path));
      await p.page.getByRole('heading', { level: 1 }).waitFor();
      expect(await navbar(p).count(), path).toBe(0);
      expect(await p.page.getByRole('button', { name: 'Account menu' }).count(), path).toBe(0);
    }
    await logIn(p);
    await navbar(p).waitFor();
    const links = [
      ['Bookmark', '/bookmark', 'Bookmarks'],
      ['Explore', '/explore', 'Explore'],
      ['NewsFeed', '/', 'Home'],
    ] as const;
    for (const [name, path, heading] of links) {
      await navbar(p).getByRole('link', { name, exact: true }).click();
      await p.page.waitForURL(p.url(path));
      await p.page.getByRole('heading', { name: heading, level: 1 }).waitFor({ state: 'attached' });
      expect(await navbar(p).getByRole('link', { name, exact: true }).getAttribute('aria-current')).toBe(
        'page',
      );
    }
    expect(p.errors).toEqual([]);
  });
});
