/**
 * `auth org sso add|list|update|remove|verify-domain`: an organization's own identity providers
 * (issue 35, docs/sso.md). The client secret comes from standard input, never an argument (other
 * users of the machine can read those), and the server never answers it back. A domain is proved
 * by a DNS TXT record (`verify-domain --dns`), or vouched for by a server administrator by hand
 * (`verify-domain`, audited) for offline and local use.
 */
import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import type { SsoProvider } from "../../shared/contract/sso.js";
import { connect } from "../connection.js";
import { example, handler } from "../context.js";
import { CliError, EXIT } from "../exit-codes.js";
import { emit, emitList, info, renderDetails } from "../output.js";
import { fill, messages, say, text } from "../i18n/index.js";
import { confirm, readSecretFromStdin } from "../prompt.js";
import { orgOption, requireOrg } from "./organization-scope.js";

const COLUMNS = ["providerId", "type", "issuer", "domain", "domainVerified", "organizationId"];
const DETAILS = ["providerId", "type", "issuer", "domain", "domainVerified", "organizationId", "redirectURI", "spMetadataUrl"];

/** A repeatable option's values, in the order given. */
const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

interface ProviderFlags {
  issuer?: string;
  domain?: string;
  clientId?: string;
  clientSecretStdin?: boolean;
  discoveryEndpoint?: string;
  scope?: string[];
  pkce?: boolean;
  samlEntryPoint?: string;
  samlMetadataFile?: string;
  samlEntityId?: string;
  samlCertFile?: string;
  audience?: string;
  wantAssertionsSigned?: boolean;
  authnRequestsSigned?: boolean;
  samlSigningKeyFile?: string;
  samlSigningCertFile?: string;
  roleClaim?: string;
  roleMap?: string[];
}

function providerOptions(command: Command): Command {
  return command
    .option("--issuer <url>", "the identity provider's issuer (for SAML: the service provider's entity ID)")
    .option("--domain <domains>", "the organization's email domain(s), comma-separated")
    .option("--client-id <id>", "OpenID: the client id the identity provider issued")
    .option("--client-secret-stdin", "OpenID: read the client secret from standard input")
    .option("--discovery-endpoint <url>", "OpenID: the discovery document (default: the issuer's /.well-known/openid-configuration)")
    .option("--scope <scope>", "OpenID: a scope to ask for (repeatable; default openid email profile)", collect)
    .option("--no-pkce", "OpenID: do not send PKCE (only for an identity provider that refuses it)")
    .option("--role-claim <claim>", "OpenID: the claim naming the member's role in the organization")
    .option("--role-map <value=role>", "OpenID: a claim value and the organization role it gives, e.g. idp-admins=admin (repeatable)", collect)
    .option("--saml-entry-point <url>", "SAML: the identity provider's single sign-on URL")
    .option("--saml-metadata-file <file>", "SAML: the identity provider's metadata XML")
    .option("--saml-entity-id <id>", "SAML: the identity provider's entity ID (with --saml-cert-file, instead of metadata)")
    .option("--saml-cert-file <file>", "SAML: the identity provider's signing certificate (PEM)")
    .option("--audience <audience>", "SAML: the Audience assertions must name (default: the issuer)")
    .option("--no-want-assertions-signed", "SAML: accept assertions that are not signed (not recommended)")
    .option("--authn-requests-signed", "SAML: sign the authentication requests (the server makes a key and certificate unless --saml-signing-key-file is given)")
    .option("--no-authn-requests-signed", "SAML: stop signing the authentication requests (the key is kept for turning it on again)")
    .option("--saml-signing-key-file <file>", "SAML: the service provider's own RSA private key to sign requests with (PEM, unencrypted)")
    .option("--saml-signing-cert-file <file>", "SAML: the certificate of that key (PEM; a self-signed one is made when left out)");
}

function usage(message: string): CliError {
  return new CliError(message, EXIT.USAGE, "INVALID_OPTION");
}

function roleMapping(flags: ProviderFlags) {
  if (!flags.roleClaim && !flags.roleMap) return undefined;
  if (!flags.roleClaim) throw usage(messages().failures.ssoRoleMapNeedsClaim);
  const roleMap: Record<string, string> = {};
  for (const entry of flags.roleMap ?? []) {
    const at = entry.lastIndexOf("=");
    if (at < 1 || at === entry.length - 1) throw usage(fill(messages().failures.ssoRoleMapEntry, { text: entry }));
    roleMap[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return { email: "email", name: "name", role: flags.roleClaim, ...(flags.roleMap ? { roleMap } : {}) };
}

/** The oidcConfig the flags describe, or undefined when no OpenID flag was given. */
async function oidcConfig(flags: ProviderFlags) {
  const mapping = roleMapping(flags);
  const given = flags.clientId !== undefined || flags.clientSecretStdin || flags.discoveryEndpoint !== undefined || flags.scope !== undefined || flags.pkce === false || mapping;
  if (!given) return undefined;
  return {
    ...(flags.clientId !== undefined ? { clientId: flags.clientId } : {}),
    ...(flags.clientSecretStdin ? { clientSecret: await readSecretFromStdin() } : {}),
    ...(flags.discoveryEndpoint !== undefined ? { discoveryEndpoint: flags.discoveryEndpoint } : {}),
    ...(flags.scope ? { scopes: flags.scope } : {}),
    ...(flags.pkce === false ? { pkce: false } : {}),
    ...(mapping ? { mapping } : {}),
  };
}

async function samlConfig(flags: ProviderFlags) {
  const given =
    flags.samlEntryPoint !== undefined || flags.samlMetadataFile !== undefined || flags.samlEntityId !== undefined || flags.samlCertFile !== undefined || flags.audience !== undefined ||
    flags.wantAssertionsSigned === false || flags.authnRequestsSigned !== undefined || flags.samlSigningKeyFile !== undefined || flags.samlSigningCertFile !== undefined;
  if (!given) return undefined;
  if (flags.samlMetadataFile && (flags.samlEntityId || flags.samlCertFile)) throw usage(messages().failures.ssoSamlMetadataOrCert);
  const read = (file: string) => readFile(file, "utf8");
  const idpMetadata = flags.samlMetadataFile
    ? { metadata: await read(flags.samlMetadataFile) }
    : flags.samlEntityId || flags.samlCertFile
      ? { ...(flags.samlEntityId ? { entityID: flags.samlEntityId } : {}), ...(flags.samlCertFile ? { cert: await read(flags.samlCertFile) } : {}) }
      : undefined;
  return {
    ...(flags.samlEntryPoint !== undefined ? { entryPoint: flags.samlEntryPoint } : {}),
    ...(idpMetadata ? { idpMetadata } : {}),
    ...(flags.samlCertFile ? { cert: await read(flags.samlCertFile) } : {}),
    ...(flags.audience !== undefined ? { audience: flags.audience } : {}),
    ...(flags.wantAssertionsSigned === false ? { wantAssertionsSigned: false } : {}),
    ...(flags.authnRequestsSigned !== undefined ? { authnRequestsSigned: flags.authnRequestsSigned } : {}),
    // The key is read from a file, never taken on the command line (shell history, ps).
    ...(flags.samlSigningKeyFile ? { privateKey: await read(flags.samlSigningKeyFile) } : {}),
    ...(flags.samlSigningCertFile ? { signingCert: await read(flags.samlSigningCertFile) } : {}),
  };
}

function printRecords(providerId: string, records: Array<{ name: string; value: string }>): void {
  for (const record of records) info(text("changes", "ssoPublishRecord", { name: record.name, value: record.value, id: providerId }));
}

export function registerSsoCommands(org: Command): void {
  const sso = org.command("sso").description("the organization's single sign-on identity providers (OpenID Connect, SAML)");

  example(
    orgOption(providerOptions(sso.command("add").argument("<providerId>", "a short id, also the callback's path segment (letters, digits, . _ -)").description("register an identity provider; the client secret from standard input"))),
    "printf %s \"$OKTA_SECRET\" | auth org sso add okta --org acme --issuer https://acme.okta.com --domain acme.com --client-id 0oa1b2 --client-secret-stdin",
    "auth org sso add entra --org acme --issuer https://sp.acme.com --domain acme.com --saml-entry-point https://login.microsoftonline.com/TENANT/saml2 --saml-metadata-file entra.xml --json",
  ).action(
    handler<ProviderFlags & { org?: string }>(async (flags, providerId: string) => {
      if (!flags.issuer || !flags.domain) throw usage(messages().failures.ssoIssuerAndDomain);
      const oidc = await oidcConfig(flags);
      const saml = await samlConfig(flags);
      if (oidc && saml) throw usage(messages().failures.ssoOneKind);
      if (!oidc && !saml) throw usage(messages().failures.ssoNoKind);
      const { client, profile } = await connect(flags);
      const organizationId = await requireOrg(flags, client, profile?.organizationId);
      const body = { providerId, issuer: flags.issuer, domain: flags.domain, organizationId, ...(oidc ? { oidcConfig: oidc } : {}), ...(saml ? { samlConfig: saml } : {}) };
      const created = await client.registerSSOProvider(body as Parameters<typeof client.registerSSOProvider>[0]);
      await emit(flags, created, () => {
        info(text("changes", "ssoProviderAdded", { id: created.providerId, domain: created.domain, uri: created.redirectURI }));
        printRecords(created.providerId, created.domainVerificationRecords ?? []);
      });
    }),
  );

  example(orgOption(sso.command("list").description("identity providers you manage (with --org: of that organization)")), "auth org sso list --org acme", "auth org sso list --json").action(
    handler<{ org?: string }>(async (flags) => {
      const { client } = await connect(flags);
      const answer = await client.listSSOProviders();
      const organizationId = flags.org ? await requireOrg(flags, client) : undefined;
      const providers = organizationId ? answer.providers.filter((provider) => provider.organizationId === organizationId) : answer.providers;
      await emitList(flags, { document: { providers }, items: providers, columns: COLUMNS, empty: text("lists", "noSsoProviders") });
    }),
  );

  example(
    providerOptions(sso.command("update").argument("<providerId>", "provider id from `auth org sso list`").description("change a provider; only the options given change, a changed domain must be verified again")),
    "auth org sso update okta --domain acme.com,acme.io",
    "printf %s \"$NEW_SECRET\" | auth org sso update okta --client-secret-stdin",
  ).action(
    handler<ProviderFlags>(async (flags, providerId: string) => {
      const oidc = await oidcConfig(flags);
      const saml = await samlConfig(flags);
      if (oidc && saml) throw usage(messages().failures.ssoOneKind);
      if (!oidc && !saml && flags.issuer === undefined && flags.domain === undefined) throw usage(messages().failures.nothingToChangeSso);
      const { client } = await connect(flags);
      const body = { providerId, ...(flags.issuer !== undefined ? { issuer: flags.issuer } : {}), ...(flags.domain !== undefined ? { domain: flags.domain } : {}), ...(oidc ? { oidcConfig: oidc } : {}), ...(saml ? { samlConfig: saml } : {}) };
      const updated = await client.updateSSOProvider(body as Parameters<typeof client.updateSSOProvider>[0]);
      await emit(flags, updated, async () => {
        info(text("changes", "ssoProviderUpdated", { id: updated.providerId }));
        await renderDetails(updated as unknown as Record<string, unknown>, DETAILS);
      });
    }),
  );

  example(sso.command("remove").argument("<providerId>", "provider id from `auth org sso list`").description("remove a provider and the accounts linked through it"), "auth org sso remove okta --yes").action(
    handler<Record<string, never>>(async (flags, providerId: string) => {
      const { client } = await connect(flags);
      await confirm(flags, say("confirm", "removeSsoProvider", { id: providerId }));
      const answer = await client.deleteSSOProvider({ providerId });
      await emit(flags, { ...answer, providerId }, () => info(say("done", "ssoProviderRemoved")));
    }),
  );

  example(
    sso
      .command("verify-domain")
      .argument("<providerId>", "provider id from `auth org sso list`")
      .description("mark a provider's domain verified: by hand (server administrators, audited), or by its DNS TXT record with --dns")
      .option("--record", "print the TXT record(s) to publish, and verify nothing")
      .option("--dns", "look the TXT record up and verify the domain if it is there (owners and admins)"),
    "auth org sso verify-domain okta --record",
    "auth org sso verify-domain okta --dns",
    "auth org sso verify-domain okta --json",
  ).action(
    handler<{ record?: boolean; dns?: boolean }>(async (flags, providerId: string) => {
      if (flags.record && flags.dns) throw usage(messages().failures.ssoVerifyModes);
      const { client } = await connect(flags);
      if (flags.record) {
        const answer = await client.requestDomainVerification({ providerId });
        await emit(flags, { providerId, ...answer }, () => printRecords(providerId, answer.domainVerificationRecords));
        return;
      }
      let provider: SsoProvider;
      if (flags.dns) {
        await client.verifyDomain({ providerId });
        provider = await client.getSSOProvider({ providerId });
      } else {
        provider = await client.markSSODomainVerified({ providerId });
      }
      await emit(flags, provider, () => info(text("changes", "ssoDomainVerified", { id: provider.providerId, domain: provider.domain })));
    }),
  );
}
