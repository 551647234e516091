import * as oauth from 'oauth4webapi';
import { BASE } from '../../lib/api/client.ts';

/** What the portal knows of the OpenID provider (GET /s/sessao/configuracao). */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  scope: string;
  resource: string | null;
}

// Only the PKCE verifier and state wait here, for the provider's redirect back; never a token.
const PENDING = 'renova:oidc';

const redirectUri = () => `${window.location.origin}${BASE}/entrar/retorno`;
/** http issuers are for development and the e2e suite's local provider only. */
const options = (issuer: URL) => (issuer.protocol === 'http:' ? { [oauth.allowInsecureRequests]: true as const } : {});

async function discover(config: OidcConfig) {
  const issuer = new URL(config.issuer);
  const response = await oauth.discoveryRequest(issuer, options(issuer));
  return oauth.processDiscoveryResponse(issuer, response);
}

/** Authorization code + PKCE: off to the provider; `back` is where to return after sign-in. */
export async function startOidc(config: OidcConfig, back: string): Promise<void> {
  const as = await discover(config);
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  sessionStorage.setItem(PENDING, JSON.stringify({ codeVerifier, state, back }));
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', redirectUri());
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', config.scope);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (config.resource) url.searchParams.set('resource', config.resource);
  window.location.assign(url.href);
}

/** Back from the provider: the code for tokens; answers the access token and where to go. */
export async function finishOidc(config: OidcConfig): Promise<{ accessToken: string; back: string }> {
  const pending = JSON.parse(sessionStorage.getItem(PENDING) ?? 'null') as {
    codeVerifier: string;
    state: string;
    back: string;
  } | null;
  sessionStorage.removeItem(PENDING);
  if (!pending) throw new Error('A entrada pelo provedor de identidade não foi iniciada neste navegador.');
  const as = await discover(config);
  const client: oauth.Client = { client_id: config.clientId };
  const params = oauth.validateAuthResponse(as, client, new URL(window.location.href), pending.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    redirectUri(),
    pending.codeVerifier,
    {
      ...options(new URL(config.issuer)),
      ...(config.resource ? { additionalParameters: { resource: config.resource } } : {}),
    },
  );
  const result = await oauth.processAuthorizationCodeResponse(as, client, response);
  return { accessToken: result.access_token, back: pending.back };
}
