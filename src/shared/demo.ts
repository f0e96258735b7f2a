/** The demo member whose credentials "Add Test Credentials" fills in (spec section 2; docs/web-app.md). */
export const demoCredentials = { username: 'demo@realm.social', password: 'realm-demo-2026' } as const;
/** The demo member's handle, their public name; the credentials above sign in with their email. */
export const demoHandle = 'demo';

/**
 * The demo member's id, fixed as every seed member's is (seed/data.ts). The server tells that the demo is
 * loaded by this row: a member who signs up with the demo's username on an instance without it gets a random
 * id, so the login page never offers credentials that would sign into their account.
 */
export const demoMemberId = '8f5f3c2e-1d1a-4c55-9a43-0d6f1b7e2a01';
