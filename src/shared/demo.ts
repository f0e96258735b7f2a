/** The demo member whose credentials "Add Test Credentials" fills in (spec section 2; PRODUCT.md "Seed"). */
export const demoCredentials = { username: 'demo@realm.social', password: 'realm-demo-2026' } as const;
