// Types of scripts/oidc-test-provider.mjs, for the API tests that sign in through it.
export interface TestUser {
  login: string;
  password: string;
  subject: string;
  email: string;
  givenName: string;
  familyName: string;
}

export const TEST_USER: Readonly<TestUser>;
export const LINK_TEST_USERS: ReadonlyArray<Readonly<TestUser>>;
export const APPLE_TEST_USER: Readonly<TestUser>;
export const TEST_CLIENT_ID: string;

export interface StartedTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export function startTestProvider(options: {
  port?: number;
  redirectUris: string[];
  clientSecret?: string;
  users?: TestUser[];
  /** As Sign in with Apple: no names in the ID token; a `user` field in the first form_post answer of each person. */
  appleLike?: boolean;
}): Promise<StartedTestProvider>;

export function writeTestProviderConfig(file: string, started: StartedTestProvider, apple?: StartedTestProvider | null): string;
