/**
 * Enterprise single sign-on per organization (issue 35): @better-auth/sso 1.7.5's paths, bodies
 * and answers, so its `ssoClient` works unchanged — with two deliberate differences: the register
 * answer never echoes the client secret (better-auth's does), and SAML's `wantAssertionsSigned`
 * defaults to true. Off unless `sso.enabled`. Managing a provider is for the organization's owners
 * and admins and for server administrators; never under an API key (`credentials: "configure"`): a
 * leaked key must not be able to point an organization's sign-in at an identity provider of its own.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { callbackField, successSchema } from "./schemas.js";

const tags = ["sso"];
/** better-auth's providerId: also a path segment of the callback, so URL-safe. */
const providerIdField = z.string().min(1).max(64).regex(/^[A-Za-z0-9._-]+$/, "letters, digits, '.', '_' and '-' only");
const urlField = z.url().max(2048);
/** One domain or several, comma-separated (better-auth's multi-domain form). */
const domainField = z.string().trim().min(1).max(1024);

const oidcMapping = z
  .object({
    email: z.string().max(128),
    emailVerified: z.string().max(128).optional(),
    name: z.string().max(128),
    image: z.string().max(128).optional(),
    extraFields: z.record(z.string().max(128), z.string().max(128)).optional(),
    /** Latchkey: the claim whose value names the member role (`roleMap` translates it). */
    role: z.string().max(128).optional(),
    /** Latchkey: claim value → organization role, e.g. `{ "idp-admins": "admin" }`. */
    roleMap: z.record(z.string().max(256), z.string().max(64)).optional(),
  })
  .strict();

const oidcFields = {
  clientId: z.string().min(1).max(512),
  /** Write-only: sealed at rest, never answered back. */
  clientSecret: z.string().min(1).max(4096).optional(),
  authorizationEndpoint: urlField.optional(),
  tokenEndpoint: urlField.optional(),
  userInfoEndpoint: urlField.optional(),
  tokenEndpointAuthentication: z.enum(["client_secret_post", "client_secret_basic"]).optional(),
  jwksEndpoint: urlField.optional(),
  discoveryEndpoint: urlField.optional(),
  skipDiscovery: z.boolean().optional(),
  scopes: z.array(z.string().min(1).max(256)).max(50).optional(),
  pkce: z.boolean().optional(),
  overrideUserInfo: z.boolean().optional(),
  mapping: oidcMapping.optional(),
  /**
   * Latchkey: whether the provider's `amr` claim saying "mfa" (or listed here) lets a two-factor
   * user past Latchkey's own second step. Default: the `amr` values mfa, hwk, otp, swk with pwd.
   */
  mfaAmrValues: z.array(z.string().min(1).max(64)).max(20).optional(),
};
const oidcConfigInput = z.object(oidcFields).strict();
const oidcConfigUpdate = z.object({ ...oidcFields, clientId: oidcFields.clientId.optional() }).strict();

const certField = z.union([z.string().min(1).max(16384), z.array(z.string().min(1).max(16384)).min(1).max(5)]);
const samlMapping = z
  .object({
    email: z.string().max(256),
    emailVerified: z.string().max(256).optional(),
    name: z.string().max(256),
    firstName: z.string().max(256).optional(),
    lastName: z.string().max(256).optional(),
    extraFields: z.record(z.string().max(128), z.string().max(256)).optional(),
    role: z.string().max(256).optional(),
    roleMap: z.record(z.string().max(256), z.string().max(64)).optional(),
  })
  .strict();
const idpMetadata = z
  .object({
    metadata: z.string().min(1).max(102400).optional(),
    entityID: z.string().min(1).max(2048).optional(),
    cert: certField.optional(),
    singleSignOnService: z.array(z.object({ Binding: z.string().max(256), Location: urlField }).strict()).max(10).optional(),
  })
  .strict();
/** better-auth's SP settings: only the signing key is taken (its metadata, binding and encryption keys are not offered). */
const pemKeyField = z.string().min(1).max(16384);
const spMetadata = z.object({ privateKey: pemKeyField.optional(), privateKeyPass: z.string().min(1).max(1024).optional() }).strict();
/** SAML as stored, plus the write-only signing key (sealed at rest, never answered back). */
const samlFields = {
  entryPoint: urlField,
  cert: certField.optional(),
  audience: z.string().max(2048).optional(),
  callbackUrl: z.string().max(2048).optional(),
  idpMetadata: idpMetadata,
  wantAssertionsSigned: z.boolean().optional(),
  /**
   * Sign the AuthnRequests (HTTP-Redirect binding) with the SP's key: `privateKey` (or
   * `spMetadata.privateKey`, better-auth's two places) with Latchkey's `signingCert`, or, when no
   * key is given, an RSA-2048 key and a self-signed certificate made by the server.
   */
  authnRequestsSigned: z.boolean().optional(),
  /** Write-only: a PEM RSA private key (PKCS#1 or PKCS#8); sealed at rest, never answered back. */
  privateKey: pemKeyField.optional(),
  spMetadata: spMetadata.optional(),
  /** Latchkey: the PEM certificate of `privateKey` (a self-signed one is made when left out). */
  signingCert: z.string().min(1).max(16384).optional(),
  signatureAlgorithm: z.string().max(256).optional(),
  digestAlgorithm: z.string().max(256).optional(),
  identifierFormat: z.string().max(512).optional(),
  mapping: samlMapping.optional(),
  /** Latchkey: accept responses the IdP sends unasked (IdP-initiated); off by default. */
  allowIdpInitiated: z.boolean().optional(),
  /**
   * Latchkey: AuthnContextClassRef values that say the IdP checked more than one factor, letting a
   * two-factor user past Latchkey's own second step (as `mfaAmrValues` does for OpenID). Default:
   * REFEDS MFA, Entra's multipleauthn, and SAML's MobileTwoFactor and TimeSyncToken classes.
   */
  mfaAuthnContextClassRefs: z.array(z.string().min(1).max(512)).max(20).optional(),
};
const samlConfigInput = z.object(samlFields).strict();
const samlConfigUpdate = z.object({ ...samlFields, entryPoint: samlFields.entryPoint.optional(), idpMetadata: idpMetadata.optional() }).strict();

/** A provider as answered: no client secret, the client id shown by its last four characters only. */
export const ssoProviderSchema = z.object({
  providerId: z.string(),
  type: z.enum(["oidc", "saml"]),
  issuer: z.string(),
  domain: z.string(),
  organizationId: z.string().nullable(),
  domainVerified: z.boolean(),
  oidcConfig: z
    .object({
      discoveryEndpoint: z.string().optional(),
      clientIdLastFour: z.string(),
      pkce: z.boolean().optional(),
      authorizationEndpoint: z.string().optional(),
      tokenEndpoint: z.string().optional(),
      userInfoEndpoint: z.string().optional(),
      jwksEndpoint: z.string().optional(),
      scopes: z.array(z.string()).optional(),
      tokenEndpointAuthentication: z.string().optional(),
      mapping: z.record(z.string(), z.unknown()).optional(),
      mfaAmrValues: z.array(z.string()).optional(),
    })
    .optional(),
  samlConfig: z
    .object({
      entryPoint: z.string(),
      callbackUrl: z.string().optional(),
      audience: z.string().optional(),
      wantAssertionsSigned: z.boolean(),
      authnRequestsSigned: z.boolean().optional(),
      /** The certificate of the AuthnRequest signing key (public; the key itself is never answered). */
      signingCert: z.string().optional(),
      identifierFormat: z.string().optional(),
      signatureAlgorithm: z.string().optional(),
      digestAlgorithm: z.string().optional(),
      allowIdpInitiated: z.boolean().optional(),
      mfaAuthnContextClassRefs: z.array(z.string()).optional(),
      /** Which attributes hold email, name and role (no secret in it), so a form can show it. */
      mapping: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  spMetadataUrl: z.string(),
  /** Latchkey: the OIDC redirect URI to register at the identity provider. */
  redirectURI: z.string(),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

/**
 * Latchkey: the TXT records to publish, one per domain of the provider (better-auth answers the
 * token alone and leaves the record's name to its documentation; the name depends on the server's
 * `tokenPrefix`, which a console or CLI cannot know).
 */
const verificationRecords = z.array(z.object({ name: z.string(), value: z.string() }));

const providerQuery = z.object({ providerId: providerIdField }).strict();

const ssoManagementEndpoints = {
  registerSSOProvider: endpoint({
    method: "POST",
    path: "/sso/register",
    summary: "Register an organization's OpenID Connect or SAML identity provider (organization owners and admins, server administrators)",
    tags,
    access: "session",
    credentials: "configure",
    body: z
      .object({
        providerId: providerIdField,
        issuer: urlField,
        domain: domainField,
        oidcConfig: oidcConfigInput.optional(),
        samlConfig: samlConfigInput.optional(),
        organizationId: z.string().min(1).max(256).optional(),
        overrideUserInfo: z.boolean().optional(),
      })
      .strict(),
    response: ssoProviderSchema.extend({ domainVerificationToken: z.string().optional(), domainVerificationRecords: verificationRecords.optional() }),
  }),
  listSSOProviders: endpoint({
    method: "GET",
    path: "/sso/providers",
    summary: "The SSO providers the caller may manage (of organizations they own or administer; all of them for a server administrator)",
    tags,
    access: "session",
    response: z.object({ providers: z.array(ssoProviderSchema) }),
  }),
  getSSOProvider: endpoint({
    method: "GET",
    path: "/sso/get-provider",
    summary: "One SSO provider, without secrets",
    tags,
    access: "session",
    query: providerQuery,
    response: ssoProviderSchema,
  }),
  updateSSOProvider: endpoint({
    method: "POST",
    path: "/sso/update-provider",
    summary: "Change an SSO provider; a changed domain must be verified again",
    tags,
    access: "session",
    credentials: "configure",
    body: z
      .object({
        providerId: providerIdField,
        issuer: urlField.optional(),
        domain: domainField.optional(),
        oidcConfig: oidcConfigUpdate.optional(),
        samlConfig: samlConfigUpdate.optional(),
      })
      .strict(),
    response: ssoProviderSchema,
  }),
  deleteSSOProvider: endpoint({
    method: "POST",
    path: "/sso/delete-provider",
    summary: "Remove an SSO provider and the accounts linked through it",
    tags,
    access: "session",
    credentials: "configure",
    body: providerQuery,
    response: successSchema,
  }),
  requestDomainVerification: endpoint({
    method: "POST",
    path: "/sso/request-domain-verification",
    summary: "The token to publish as a DNS TXT record at _<prefix>-<providerId>.<domain> (valid a week)",
    tags,
    access: "session",
    credentials: "configure",
    body: providerQuery,
    response: z.object({ domainVerificationToken: z.string(), domainVerificationRecords: verificationRecords }),
  }),
  verifyDomain: endpoint({
    method: "POST",
    path: "/sso/verify-domain",
    summary: "Look up the DNS TXT record and mark the provider's domain verified",
    tags,
    access: "session",
    credentials: "configure",
    body: providerQuery,
    response: successSchema,
  }),
  markSSODomainVerified: endpoint({
    method: "POST",
    path: "/sso/mark-domain-verified",
    summary: "Latchkey: a server administrator marks a provider's domain verified by hand (offline and local use; audited)",
    tags,
    access: "session",
    credentials: "configure",
    requires: "server administrator",
    body: providerQuery,
    response: ssoProviderSchema,
  }),
};

/** What an identity provider sends back to the callback. Unknown keys are dropped. */
const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
  error_description: z.string().max(2048).optional(),
  iss: z.string().max(2048).optional(),
});

export const ssoSignInEndpoints = {
  signInSSO: endpoint({
    method: "POST",
    path: "/sign-in/sso",
    summary: "Start a sign-in at an organization's identity provider, found by email domain (verified domains only), domain, providerId or organizationSlug",
    tags,
    access: "public",
    // The desktop app's hand-off parameters (?client_id&state&code_challenge) ride on the start and
    // are kept in the flow's state, so the callback's sign-in ends with a code for the app.
    startsSession: "sign-in",
    body: z
      .object({
        email: z.string().trim().max(254).optional(),
        organizationSlug: z.string().min(1).max(256).optional(),
        providerId: providerIdField.optional(),
        domain: z.string().trim().min(1).max(253).optional(),
        callbackURL: callbackField,
        errorCallbackURL: callbackField.optional(),
        newUserCallbackURL: callbackField.optional(),
        scopes: z.array(z.string().min(1).max(256)).max(50).optional(),
        loginHint: z.string().max(512).optional(),
        additionalParams: z.record(z.string().max(64), z.string().max(1024)).optional(),
        requestSignUp: z.boolean().optional(),
        providerType: z.enum(["oidc", "saml"]).optional(),
      })
      .strict(),
    response: z.object({ url: z.string(), redirect: z.literal(true) }),
  }),
  ssoCallback: endpoint({
    method: "GET",
    path: "/sso/callback/{providerId}",
    summary: "Where the identity provider sends the browser back; redirects to callbackURL, or errorCallbackURL?error=…",
    tags,
    access: "optional-session",
    startsSession: "sign-in",
    params: z.object({ providerId: providerIdField }),
    query: callbackQuery,
    response: z.object({}),
    redirects: true,
  }),
};

/** What an identity provider posts to the assertion consumer service (HTTP-POST binding). */
const acsBody = z.object({
  SAMLResponse: z.string().min(1).max(1_000_000),
  RelayState: z.string().max(1024).optional(),
});

export const ssoSamlEndpoints = {
  ssoSamlMetadata: endpoint({
    method: "GET",
    path: "/sso/saml2/sp/metadata",
    summary: "The service provider's SAML metadata (entity ID, assertion consumer service) to give the identity provider; XML",
    tags,
    access: "public",
    query: z.object({ providerId: providerIdField }),
    response: z.object({}),
  }),
  ssoSamlAcs: endpoint({
    method: "POST",
    path: "/sso/saml2/sp/acs/{providerId}",
    summary: "SAML assertion consumer service: checks the response (signature, audience, recipient, InResponseTo, validity, one use), then redirects to the GET below",
    tags,
    access: "public",
    // The identity provider's page posts here cross-site; the response itself is the credential.
    crossSitePost: true,
    params: z.object({ providerId: providerIdField }),
    body: acsBody,
    response: z.object({}),
    redirects: true,
  }),
  ssoSamlAcsResume: endpoint({
    method: "GET",
    path: "/sso/saml2/sp/acs/{providerId}",
    summary: "Where the SAML POST sends the browser (so its Lax cookies arrive): the sign-in itself; redirects to callbackURL, or errorCallbackURL?error=…",
    tags,
    access: "optional-session",
    startsSession: "sign-in",
    params: z.object({ providerId: providerIdField }),
    query: z.object({ SAMLState: z.string().max(512).optional() }),
    response: z.object({}),
    redirects: true,
  }),
};

export const ssoEndpoints = { ...ssoManagementEndpoints, ...ssoSignInEndpoints, ...ssoSamlEndpoints };
