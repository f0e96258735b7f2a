/** The demo member whose credentials "Add Test Credentials" fills in (spec section 2; docs/web-app.md). */
export const demoCredentials = { username: 'demo@realm.social', password: 'realm-demo-2026' } as const;
