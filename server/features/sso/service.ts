/**
 * Managing SSO providers: who may (the organization's owners and admins, server administrators),
 * what a configuration must hold, one domain to one provider, and domain verification (DNS, or an
 * administrator by hand). Every change is audited against the organization.
 */
import type { z } from "zod";
import type { contract } from "../../../shared/contract/index.js";
import { apiError } from "../../../shared/errors.js";
import { splitRoles } from "../../../shared/permissions.js";
import type { AppContext } from "../../context.js";
import type { SsoProviderRow, UserRow } from "../../db/types.js";
import { isAdministrator } from "../../core/admin-access.js";
import { newId, randomString } from "../../crypto/tokens.js";
import { domainMatches, oidcConfigOf, parseDomains, samlConfigOf, type OidcConfig, type SamlConfig } from "./config.js";
import { hasTxtRecord, labelFits, TOKEN_LIFETIME_MS } from "./domain.js";
import { assertReachable, discover } from "./network.js";
import { openSigningKey, sealClientSecret, sealSigningKey } from "./secret.js";
import { signingMaterial } from "./saml-signing.js";
import { metadataXml, signingOf } from "./saml-sp.js";
import * as store from "./store.js";

type RegisterBody = z.infer<(typeof contract)["registerSSOProvider"]["body"]>;
type UpdateBody = z.infer<(typeof contract)["updateSSOProvider"]["body"]>;

/** Roles of an organization that manage its sign-in (better-auth's ADMIN_ROLES). */
const MANAGING_ROLES = ["owner", "admin"];

/**
 * Account provider ids an SSO provider may not take: its accounts would mix with the password
 * account's or a social provider's (the account table keys them by providerId).
 */
const RESERVED_IDS = [
  "credential", "email", "apple", "discord", "dropbox", "facebook", "github", "gitlab", "google", "linkedin",
  "microsoft", "reddit", "roblox", "spotify", "tiktok", "twitch", "twitter", "vk",
];

export function requireEnabled(app: AppContext): void {
  if (!app.config.sso.enabled) throw apiError("SSO_DISABLED");
}

/** Whether `user` manages providers of `organizationId` (null: a provider of no organization, the registrant's own). */
async function manages(app: AppContext, user: UserRow, organizationId: string | null, ownerId: string | null): Promise<boolean> {
  if (isAdministrator(app.config, user)) return true;
  if (!organizationId) return ownerId === user.id;
  const role = (await store.rolesOf(app.db, user.id)).get(organizationId);
  return role !== undefined && splitRoles(role).some((held) => MANAGING_ROLES.includes(held));
}

/** The provider, if `user` may manage it: PROVIDER_NOT_FOUND, or SSO_PROVIDER_ACCESS_DENIED. */
export async function providerFor(app: AppContext, user: UserRow, providerId: string): Promise<SsoProviderRow> {
  requireEnabled(app);
  const row = await store.findProvider(app.db, providerId);
  if (!row) throw apiError("PROVIDER_NOT_FOUND");
  if (!(await manages(app, user, row.organizationId, row.userId))) throw apiError("SSO_PROVIDER_ACCESS_DENIED");
  return row;
}

/** Whether sign-ins may be routed to this provider by its domain, and accounts linked by email. */
export function domainTrusted(app: AppContext, row: Pick<SsoProviderRow, "domainVerified">): boolean {
  return !app.config.sso.domainVerification.enabled || row.domainVerified === 1;
}

/**
 * One domain routes to one provider: refused when another provider already holds an overlapping
 * domain that routes (verified, or verification is off). Unverified claims do not block anyone —
 * otherwise whoever registers first could squat a domain they do not own.
 */
async function assertDomainFree(app: AppContext, domains: readonly string[], exceptId?: string): Promise<void> {
  for (const other of await store.allProviders(app.db)) {
    if (other.id === exceptId || !domainTrusted(app, other)) continue;
    if (domains.some((domain) => domainMatches(domain, other.domain) || (parseDomains(other.domain) ?? []).some((theirs) => domainMatches(theirs, domain)))) {
      throw apiError("SSO_DOMAIN_TAKEN");
    }
  }
}

function domainsOrThrow(domain: string): string[] {
  const domains = parseDomains(domain);
  if (!domains) throw apiError("SSO_INVALID_CONFIG", "domain must be one or more DNS names separated by commas (e.g. example.com)");
  return domains;
}

type OidcInput = Partial<OidcConfig> & { clientSecret?: string; skipDiscovery?: boolean };

/** A complete OIDC configuration: discovery (unless skipped) under the explicit endpoints, every address checked. */
async function resolveOidc(app: AppContext, issuer: string, input: OidcInput, useDiscovery: boolean): Promise<OidcConfig> {
  if (!input.clientId) throw apiError("SSO_INVALID_CONFIG", "oidcConfig.clientId is required");
  const config: OidcConfig = {
    issuer,
    clientId: input.clientId,
    authorizationEndpoint: input.authorizationEndpoint,
    tokenEndpoint: input.tokenEndpoint,
    userInfoEndpoint: input.userInfoEndpoint,
    jwksEndpoint: input.jwksEndpoint,
    discoveryEndpoint: input.discoveryEndpoint ?? `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
    tokenEndpointAuthentication: input.tokenEndpointAuthentication,
    pkce: input.pkce ?? true,
    scopes: input.scopes,
    mapping: input.mapping,
    overrideUserInfo: input.overrideUserInfo,
    mfaAmrValues: input.mfaAmrValues,
  };
  if (useDiscovery) {
    const found = await discover(app, issuer, config.discoveryEndpoint!);
    config.authorizationEndpoint = input.authorizationEndpoint ?? found.authorizationEndpoint;
    config.tokenEndpoint = input.tokenEndpoint ?? found.tokenEndpoint;
    config.userInfoEndpoint = input.userInfoEndpoint ?? found.userInfoEndpoint;
    config.jwksEndpoint = input.jwksEndpoint ?? found.jwksEndpoint;
    config.tokenEndpointAuthentication = input.tokenEndpointAuthentication ?? found.tokenEndpointAuthentication;
  }
  if (!config.authorizationEndpoint || !config.tokenEndpoint || !config.jwksEndpoint) {
    throw apiError("SSO_INVALID_CONFIG", "Without discovery, oidcConfig needs authorizationEndpoint, tokenEndpoint and jwksEndpoint");
  }
  config.tokenEndpointAuthentication ??= "client_secret_basic";
  for (const field of ["tokenEndpoint", "userInfoEndpoint", "jwksEndpoint"] as const) {
    const value = config[field];
    if (value) await assertReachable(app, value, `oidcConfig.${field}`);
  }
  return config;
}

function checkSaml(config: SamlConfig): SamlConfig {
  const hasCert = Boolean(config.cert ?? config.idpMetadata?.cert ?? config.idpMetadata?.metadata);
  if (!hasCert) throw apiError("SSO_INVALID_CONFIG", "samlConfig needs the IdP's signing certificate (cert, idpMetadata.cert or idpMetadata.metadata)");
  if (!config.idpMetadata?.metadata && !config.idpMetadata?.entityID) throw apiError("SSO_INVALID_CONFIG", "samlConfig.idpMetadata needs metadata or entityID");
  // Strict by default (issue 35): assertions must be signed unless the provider says otherwise.
  return { ...config, wantAssertionsSigned: config.wantAssertionsSigned !== false };
}

type SamlInput = NonNullable<RegisterBody["samlConfig"]> | NonNullable<UpdateBody["samlConfig"]>;

/** The signing-key fields of a SAML body, apart from what is stored as JSON. */
function splitSigning<T extends SamlInput>(input: T) {
  const { privateKey, spMetadata, signingCert, ...stored } = input;
  return { stored, key: { privateKey: privateKey ?? spMetadata?.privateKey, privateKeyPass: spMetadata?.privateKeyPass, signingCert } };
}

/**
 * The SAML configuration with its signing certificate, and the sealed key to store (undefined: keep
 * the row's). A key given is used; otherwise one kept from before (turning signing off and on again
 * keeps the certificate the IdP already holds); otherwise a new one is made. A key is refused
 * unless requests are signed: it would sit unused.
 */
async function withSigning(app: AppContext, config: SamlConfig, key: ReturnType<typeof splitSigning<SamlInput>>["key"], existing?: { sealed: string | null; cert?: string }): Promise<{ config: SamlConfig; sealedKey?: string }> {
  const given = Boolean(key.privateKey || key.signingCert);
  if (!config.authnRequestsSigned) {
    if (given) throw apiError("SSO_INVALID_CONFIG", "samlConfig.privateKey and signingCert are used only with authnRequestsSigned: true");
    return { config };
  }
  const kept = existing?.sealed && existing.cert ? openSigningKey(app.secret, existing.sealed) : undefined;
  if (!key.privateKey && !key.signingCert && kept) return { config: { ...config, signingCert: existing!.cert } };
  const material = await signingMaterial({ ...key, privateKey: key.privateKey ?? (key.signingCert ? kept : undefined) }, config.issuer);
  return { config: { ...config, signingCert: material.certificate }, sealedKey: sealSigningKey(app.secret, material.privateKey) };
}

function auditTarget(row: Pick<SsoProviderRow, "organizationId" | "providerId" | "domain">) {
  return {
    targetId: row.organizationId,
    targetType: row.organizationId ? ("organization" as const) : null,
    organizationId: row.organizationId,
    metadata: { providerId: row.providerId, domain: row.domain },
  };
}

type Audit = (event: Parameters<AppContext["audit"]["record"]>[0]) => void;

export async function registerProvider(app: AppContext, user: UserRow, body: RegisterBody, audit: Audit) {
  requireEnabled(app);
  const organizationId = body.organizationId ?? null;
  if (organizationId) {
    if (!(await store.organizationExists(app.db, organizationId))) throw apiError("ORGANIZATION_NOT_FOUND");
    if (!(await manages(app, user, organizationId, null))) throw apiError("SSO_PROVIDER_ACCESS_DENIED", "You must be an organization owner or admin to register SSO providers");
    if ((await store.countProvidersOf(app.db, organizationId)) >= app.config.sso.providersLimit) throw apiError("SSO_PROVIDERS_LIMIT_REACHED");
  } else if (!isAdministrator(app.config, user)) {
    throw apiError("SSO_PROVIDER_ACCESS_DENIED", "organizationId is required: SSO providers belong to an organization");
  }
  const reserved = new Set([...RESERVED_IDS, ...Object.keys(app.config.socialProviders), ...app.config.genericOAuth.map((entry) => entry.providerId)]);
  if (reserved.has(body.providerId.toLowerCase())) throw apiError("SSO_PROVIDER_ID_RESERVED");
  if (await store.findProvider(app.db, body.providerId)) throw apiError("SSO_PROVIDER_EXISTS");
  if (Boolean(body.oidcConfig) === Boolean(body.samlConfig)) throw apiError("SSO_INVALID_CONFIG", "Give exactly one of oidcConfig and samlConfig");
  const domains = domainsOrThrow(body.domain);
  await assertDomainFree(app, domains);

  let oidc: OidcConfig | undefined;
  let sealedSecret: string | null = null;
  if (body.oidcConfig) {
    if (!body.oidcConfig.clientSecret) throw apiError("SSO_INVALID_CONFIG", "clientSecret is required when using client_secret_basic or client_secret_post authentication");
    oidc = await resolveOidc(app, body.issuer, { ...body.oidcConfig, overrideUserInfo: body.overrideUserInfo ?? body.oidcConfig.overrideUserInfo }, !body.oidcConfig.skipDiscovery);
    sealedSecret = sealClientSecret(app.secret, body.oidcConfig.clientSecret);
  }
  let saml: SamlConfig | undefined;
  if (body.samlConfig) {
    const { stored, key } = splitSigning(body.samlConfig);
    const signed = await withSigning(app, checkSaml({ ...stored, issuer: body.issuer }), key);
    saml = signed.config;
    sealedSecret = signed.sealedKey ?? null;
  }

  const now = app.clock.now();
  const verifying = app.config.sso.domainVerification.enabled;
  const token = verifying ? randomString(24) : null;
  await store.insertProvider(app.db, {
    id: newId(),
    providerId: body.providerId,
    issuer: body.issuer,
    domain: domains.join(","),
    domainVerified: 0,
    domainVerificationToken: token,
    domainVerificationExpiresAt: token ? now + TOKEN_LIFETIME_MS : null,
    organizationId,
    userId: user.id,
    oidcConfig: oidc ? JSON.stringify(oidc) : null,
    samlConfig: saml ? JSON.stringify(saml) : null,
    clientSecret: sealedSecret,
    createdAt: now,
    updatedAt: now,
  });
  const row = (await store.findProvider(app.db, body.providerId))!;
  audit({ action: "sso-provider.create", ...auditTarget(row), metadata: { providerId: row.providerId, domain: row.domain, type: oidc ? "oidc" : "saml" } });
  return { row, token };
}

export async function listProviders(app: AppContext, user: UserRow): Promise<SsoProviderRow[]> {
  requireEnabled(app);
  if (isAdministrator(app.config, user)) return store.allProviders(app.db);
  const roles = await store.rolesOf(app.db, user.id);
  const managed = [...roles].filter(([, role]) => splitRoles(role).some((held) => MANAGING_ROLES.includes(held))).map(([id]) => id);
  const own = (await store.allProviders(app.db)).filter((row) => !row.organizationId && row.userId === user.id);
  return [...own, ...(await store.providersOf(app.db, managed))];
}

/** Fields whose change would let the same accounts sign in through someone else's identity provider. */
function identityChanged(row: SsoProviderRow, issuer: string, oidc: OidcConfig | undefined): boolean {
  const before = oidcConfigOf(row);
  if (issuer !== row.issuer) return true;
  if (!before || !oidc) return false;
  return (["clientId", "discoveryEndpoint", "authorizationEndpoint", "tokenEndpoint", "userInfoEndpoint", "jwksEndpoint"] as const).some((key) => before[key] !== oidc[key]);
}

export async function updateProvider(app: AppContext, user: UserRow, body: UpdateBody, audit: Audit): Promise<SsoProviderRow> {
  const row = await providerFor(app, user, body.providerId);
  if (!body.issuer && !body.domain && !body.oidcConfig && !body.samlConfig) throw apiError("SSO_INVALID_CONFIG", "No fields provided for update");
  const issuer = body.issuer ?? row.issuer;
  const changes: Parameters<typeof store.updateProvider>[2] = { updatedAt: app.clock.now() };
  if (body.issuer) changes.issuer = body.issuer;
  if (body.domain !== undefined) {
    const domains = domainsOrThrow(body.domain);
    const domain = domains.join(",");
    if (domain !== row.domain) {
      await assertDomainFree(app, domains, row.id);
      changes.domain = domain;
      changes.domainVerified = 0;
    }
  }
  let oidc = oidcConfigOf(row);
  if (body.oidcConfig || (body.issuer && oidc)) {
    if (!oidc) throw apiError("SSO_INVALID_CONFIG", "Cannot update OIDC config for a provider that doesn't have OIDC configured");
    const { clientSecret, skipDiscovery, ...rest } = body.oidcConfig ?? {};
    const merged = { ...oidc, ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) };
    // A new issuer or discovery address is looked up again; explicit endpoints stay as given.
    const rediscover = !skipDiscovery && (Boolean(body.issuer) || Boolean(rest.discoveryEndpoint));
    if (rediscover && !rest.authorizationEndpoint) delete merged.authorizationEndpoint;
    if (rediscover && !rest.tokenEndpoint) delete merged.tokenEndpoint;
    if (rediscover && !rest.jwksEndpoint) delete merged.jwksEndpoint;
    if (rediscover && !rest.userInfoEndpoint) delete merged.userInfoEndpoint;
    if (body.issuer && !rest.discoveryEndpoint) delete merged.discoveryEndpoint;
    oidc = await resolveOidc(app, issuer, merged, rediscover);
    changes.oidcConfig = JSON.stringify(oidc);
    if (clientSecret) changes.clientSecret = sealClientSecret(app.secret, clientSecret);
  }
  if (body.samlConfig) {
    const saml = samlConfigOf(row);
    if (!saml) throw apiError("SSO_INVALID_CONFIG", "Cannot update SAML config for a provider that doesn't have SAML configured");
    const { stored, key } = splitSigning(body.samlConfig);
    const merged = { ...saml, ...Object.fromEntries(Object.entries(stored).filter(([, value]) => value !== undefined)), issuer };
    const signed = await withSigning(app, checkSaml(merged as SamlConfig), key, { sealed: row.clientSecret, cert: saml.signingCert });
    changes.samlConfig = JSON.stringify(signed.config);
    if (signed.sealedKey) changes.clientSecret = signed.sealedKey;
  }
  if (identityChanged(row, issuer, oidc) && (await store.accountsLinkedThrough(app.db, row.providerId)) > 0) {
    throw apiError("SSO_INVALID_CONFIG", "Cannot change SSO provider identity fields while linked accounts exist");
  }
  const updated = (await store.updateProvider(app.db, row.id, changes)) ?? row;
  audit({ action: "sso-provider.update", ...auditTarget(updated), metadata: { providerId: row.providerId, fields: Object.keys(body).filter((key) => key !== "providerId") } });
  return updated;
}

export async function deleteProvider(app: AppContext, user: UserRow, providerId: string, audit: Audit): Promise<void> {
  const row = await providerFor(app, user, providerId);
  await store.deleteProvider(app.db, row);
  audit({ action: "sso-provider.delete", ...auditTarget(row) });
}

export async function requestDomainVerification(app: AppContext, user: UserRow, providerId: string): Promise<{ row: SsoProviderRow; token: string }> {
  const row = await providerFor(app, user, providerId);
  if (row.domainVerified === 1) throw apiError("DOMAIN_VERIFIED");
  const now = app.clock.now();
  if (row.domainVerificationToken && (row.domainVerificationExpiresAt ?? 0) > now) return { row, token: row.domainVerificationToken };
  const token = randomString(24);
  await store.updateProvider(app.db, row.id, { domainVerificationToken: token, domainVerificationExpiresAt: now + TOKEN_LIFETIME_MS });
  return { row, token };
}

/** Marks the domain verified unless it changed meanwhile or another provider took it first. */
async function markVerified(app: AppContext, row: SsoProviderRow, audit: Audit, method: "dns" | "manual"): Promise<SsoProviderRow> {
  await assertDomainFree(app, parseDomains(row.domain) ?? [], row.id);
  const updated = await app.db
    .updateTable("ssoProvider")
    .set({ domainVerified: 1, domainVerificationToken: null, domainVerificationExpiresAt: null, updatedAt: app.clock.now() })
    .where("id", "=", row.id)
    .where("domain", "=", row.domain)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw apiError("SSO_INVALID_CONFIG", "The provider changed while its domain was being verified: reload it and try again");
  audit({ action: "sso-provider.domain-verify", ...auditTarget(updated), metadata: { providerId: row.providerId, domain: row.domain, method } });
  return updated;
}

export async function verifyDomainByDns(app: AppContext, user: UserRow, providerId: string, audit: Audit): Promise<void> {
  const row = await providerFor(app, user, providerId);
  if (row.domainVerified === 1) throw apiError("DOMAIN_VERIFIED");
  if (!labelFits(app, row.providerId)) throw apiError("SSO_INVALID_CONFIG", "The verification record's name exceeds the DNS label limit of 63 characters: use a shorter providerId");
  if (!row.domainVerificationToken || (row.domainVerificationExpiresAt ?? 0) <= app.clock.now()) throw apiError("NO_PENDING_VERIFICATION");
  for (const domain of parseDomains(row.domain) ?? []) {
    if (!(await hasTxtRecord(app, row.providerId, domain, row.domainVerificationToken))) {
      throw apiError("DOMAIN_VERIFICATION_FAILED", `Unable to verify domain ownership for ${domain}. Try again later`);
    }
  }
  await markVerified(app, row, audit, "dns");
}

/** A server administrator vouches for the domain (offline and local use): no DNS asked. */
export async function verifyDomainByHand(app: AppContext, user: UserRow, providerId: string, audit: Audit): Promise<SsoProviderRow> {
  requireEnabled(app);
  if (!isAdministrator(app.config, user)) throw apiError("SSO_PROVIDER_ACCESS_DENIED", "Only a server administrator can verify a domain by hand");
  const row = await store.findProvider(app.db, providerId);
  if (!row) throw apiError("PROVIDER_NOT_FOUND");
  if (row.domainVerified === 1) throw apiError("DOMAIN_VERIFIED");
  return markVerified(app, row, audit, "manual");
}

/** The SP metadata of a SAML provider (public: it is what the IdP's administrator is given). */
export async function samlMetadata(app: AppContext, providerId: string): Promise<string> {
  requireEnabled(app);
  const row = await store.findProvider(app.db, providerId);
  if (!row) throw apiError("PROVIDER_NOT_FOUND", "No provider found for the given providerId");
  const config = samlConfigOf(row);
  if (!config) throw apiError("SSO_INVALID_CONFIG", "This provider has no SAML configuration");
  return metadataXml(app, providerId, config, signingOf(app, row, config));
}
