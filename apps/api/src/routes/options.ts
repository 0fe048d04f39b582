import type { SocialSignInConfig } from '../use-cases/accounts/social-sign-in';

/**
 * What the route folders are told by app.ts: each folder's index (routes/<folder>/index.ts) hands
 * a route plugin the part it needs.
 */
export interface RouteOptions {
  /** The site's own address: links in e-mails, the cookie's Secure flag (routes/auth/sessions.ts). */
  publicUrl: string;
  /** The social sign-in providers a deployment configured (routes/auth/social.ts). */
  socialProviders?: SocialSignInConfig | undefined;
  /** Webhook targets must be https (production). */
  webhooksRequireHttps: boolean;
  /** Developer routes (config DEV_ROUTES, refused in production). */
  devRoutes: boolean;
}
