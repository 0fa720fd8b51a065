import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error oidc-provider ships no type declarations; the few calls used here are typed below.
import ProviderModule from 'oidc-provider';
import { freePort } from './serverProcess';

/** The person the provider signs in: OpenID Connect standard claims. */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface LocalOidcProvider {
  /** The issuer identifier, e.g. http://127.0.0.1:41234 (give it to OIDC_*_ISSUER). */
  issuer: string;
  /** The account the next login signs in (no login page: the interaction finishes by itself). */
  signInAs(account: TestAccount): void;
  /** The login interactions finished so far (one per login the provider asked for). */
  readonly logins: string[];
  close(): Promise<void>;
}

interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
}

interface InteractionDetails {
  prompt: { name: string; details: Record<string, unknown> };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
}

interface Provider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  Grant: { new (init: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> };
}

const ProviderClass = ProviderModule as unknown as new (issuer: string, configuration: Record<string, unknown>) => Provider;

/**
 * A real OpenID provider (`oidc-provider` v8) on 127.0.0.1 with one or more confidential
 * clients, for the server tests and the end-to-end tests: authorization code flow with PKCE
 * required, RS256 ID tokens, e-mail and profile claims (from userinfo, as a strict provider
 * does), and no login page: every login interaction signs in the account given to `signInAs`
 * and every consent is granted, so a browser or a plain HTTP client just follows redirects.
 * `port` lets a test pick the port before the issuer's URL is handed to the product.
 */
export async function startOidcProvider(options: {
  clients: TestClient[];
  account: TestAccount;
  port?: number;
}): Promise<LocalOidcProvider> {
  const port = options.port ?? (await freePort());
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, TestAccount>();
  let current = options.account;
  accounts.set(current.sub, current);
  const logins: string[] = [];

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-signing-key', use: 'sig', alg: 'RS256' };

  const provider = new ProviderClass(issuer, {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [signingKey] },
    cookies: { keys: ['pips-test-provider-cookie-key'] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account }) };
    },
  });

  /** Login: the configured account. Consent: everything asked for. */
  async function finishInteraction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      logins.push(current.sub);
      await provider.interactionFinished(req, res, { login: { accountId: current.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    const accountId = details.session?.accountId ?? current.sub;
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    const missing = details.prompt.details;
    if (Array.isArray(missing.missingOIDCScope)) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (Array.isArray(missing.missingOIDCClaims)) grant.addOIDCClaims(missing.missingOIDCClaims as string[]);
    if (missing.missingResourceScopes && typeof missing.missingResourceScopes === 'object') {
      for (const [resource, scopes] of Object.entries(missing.missingResourceScopes as Record<string, string[]>)) {
        grant.addResourceScope(resource, scopes.join(' '));
      }
    }
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  const handle = provider.callback();
  const server = createServer((req, res) => {
    if (req.method === 'GET' && /^\/interaction\/[^/?]+/.test(req.url ?? '')) {
      finishInteraction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(`interaction failed: ${String(error)}`);
      });
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  if ((server.address() as AddressInfo).port !== port) throw new Error('provider bound to an unexpected port');

  return {
    issuer,
    logins,
    signInAs(account) {
      current = account;
      accounts.set(account.sub, account);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
