import { z } from 'zod';
import { id, int, url } from './common.js';

// entities/Application.md: what GET /api/v1/apps/verify_credentials answers. vapid_key is deprecated.
const applicationShape = {
  id,
  name: z.string(),
  website: url.nullable().optional(),
  scopes: z.array(z.string()),
  redirect_uris: z.array(z.string().min(1)),
  redirect_uri: z.string().optional(), // deprecated in 4.3
};
export const application = z.looseObject(applicationShape);

// entities/Application.md#CredentialApplication: what POST /api/v1/apps answers, with the client's keys.
export const credentialApplication = z.looseObject({
  ...applicationShape,
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  client_secret_expires_at: int,
});

// entities/Token.md
export const token = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  scope: z.string(),
  created_at: int,
});

// entities/Error.md
export const error = z.looseObject({ error: z.string(), error_description: z.string().optional() });
