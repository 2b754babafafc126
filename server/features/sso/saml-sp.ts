/**
 * Latchkey as a SAML 2.0 service provider for one SSO provider row, on @node-saml/node-saml (XML
 * signatures are not something to write by hand): the AuthnRequest URL (HTTP-Redirect binding),
 * the SP metadata, and a response checked strictly. node-saml checks the signatures (the
 * assertion's by default: `wantAssertionsSigned` defaults to true here), exactly one assertion,
 * Audience, the Issuer and the validity window; this file adds what it leaves out: the
 * Response's Destination, the SubjectConfirmation's Recipient and InResponseTo, and reads the
 * assertion ID and AuthnContextClassRef from the verified assertion only.
 */
import { SAML, ValidateInResponseTo, type Profile } from "@node-saml/node-saml";
import { DOMParser } from "@xmldom/xmldom";
import type { AppContext } from "../../context.js";
import type { SsoProviderRow } from "../../db/types.js";
import type { SamlConfig } from "./config.js";
import { nodeSamlAlgorithm } from "./saml-signing.js";
import { openSigningKey } from "./secret.js";

export const HTTP_REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const DSIG = "http://www.w3.org/2000/09/xmldsig#";
const MD = "urn:oasis:names:tc:SAML:2.0:metadata";

/** A response refused; `code` goes to the error redirect (better-auth's lower-case style). */
export class SamlProblem extends Error {
  constructor(readonly code: string, description: string) {
    super(description);
  }
}

export function acsURLOf(app: AppContext, providerId: string): string {
  return `${app.apiURL}/sso/saml2/sp/acs/${encodeURIComponent(providerId)}`;
}

function pemBody(cert: string): string {
  return cert.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");
}

/** The IdP's signing certificates and its HTTP-Redirect SSO address, from its metadata XML. */
function fromMetadata(metadata: string | undefined): { certs: string[]; entityID?: string; ssoURL?: string } {
  if (!metadata) return { certs: [] };
  const doc = new DOMParser().parseFromString(metadata, "text/xml");
  const descriptor = doc.getElementsByTagNameNS(MD, "IDPSSODescriptor")[0];
  if (!descriptor) return { certs: [] };
  const certs: string[] = [];
  const keys = descriptor.getElementsByTagNameNS(MD, "KeyDescriptor");
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const use = key.getAttribute("use");
    if (use && use !== "signing") continue;
    const cert = key.getElementsByTagNameNS(DSIG, "X509Certificate")[0]?.textContent;
    if (cert) certs.push(pemBody(cert));
  }
  let ssoURL: string | undefined;
  const services = descriptor.getElementsByTagNameNS(MD, "SingleSignOnService");
  for (let index = 0; index < services.length; index++) {
    if (services[index]!.getAttribute("Binding") === HTTP_REDIRECT) ssoURL ??= services[index]!.getAttribute("Location") ?? undefined;
  }
  return { certs, entityID: doc.documentElement?.getAttribute("entityID") ?? undefined, ssoURL };
}

const list = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The IdP as the configuration names it: certificates, entity ID (the expected Issuer) and SSO address. */
export function idpOf(config: SamlConfig): { certs: string[]; entityID?: string; entryPoint: string } {
  const meta = fromMetadata(config.idpMetadata?.metadata);
  const certs = [...list(config.cert), ...list(config.idpMetadata?.cert)].map(pemBody);
  const ssoService = config.idpMetadata?.singleSignOnService?.find((service) => service.Binding === HTTP_REDIRECT)?.Location;
  return {
    certs: certs.length ? certs : meta.certs,
    entityID: config.idpMetadata?.entityID ?? meta.entityID,
    entryPoint: config.entryPoint || ssoService || meta.ssoURL || "",
  };
}

/** The SP's AuthnRequest signing key (opened) and certificate, when the provider signs its requests. */
export interface Signing {
  privateKey: string;
  certificate: string;
}

export function signingOf(app: AppContext, row: Pick<SsoProviderRow, "clientSecret">, config: SamlConfig): Signing | undefined {
  if (!config.authnRequestsSigned || !config.signingCert) return undefined;
  const privateKey = openSigningKey(app.secret, row.clientSecret);
  return privateKey ? { privateKey, certificate: config.signingCert } : undefined;
}

/** node-saml for this provider. `requestId` names the AuthnRequest about to be made, if any. */
export function serviceProvider(app: AppContext, providerId: string, config: SamlConfig, requestId?: string, signing?: Signing): SAML {
  const idp = idpOf(config);
  return new SAML({
    callbackUrl: acsURLOf(app, providerId),
    entryPoint: idp.entryPoint,
    issuer: config.issuer,
    audience: config.audience || config.issuer,
    idpCert: idp.certs,
    idpIssuer: idp.entityID,
    wantAssertionsSigned: config.wantAssertionsSigned !== false,
    // The assertion's signature is what counts (above); Okta and Entra sign only the assertion by default.
    wantAuthnResponseSigned: false,
    // InResponseTo is checked against the flow the RelayState names (saml-sign-in.ts), once.
    validateInResponseTo: ValidateInResponseTo.never,
    acceptedClockSkewMs: app.config.sso.saml.clockSkewSeconds * 1000,
    identifierFormat: config.identifierFormat ?? null,
    // No RequestedAuthnContext: asking for PasswordProtectedTransport makes strict IdPs refuse an MFA sign-in.
    disableRequestedAuthnContext: true,
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
    // With a key node-saml signs the redirect-binding request (SigAlg + Signature over the query).
    ...(signing ? { privateKey: signing.privateKey, signatureAlgorithm: nodeSamlAlgorithm(config.signatureAlgorithm) } : {}),
  });
}

/** The HTTP-Redirect URL that carries a new AuthnRequest with ID `requestId`. */
export async function authnRequestURL(app: AppContext, providerId: string, config: SamlConfig, requestId: string, relayState: string, signing?: Signing): Promise<string> {
  return serviceProvider(app, providerId, config, requestId, signing).getAuthorizeUrlAsync(relayState, undefined, {});
}

/** With `signing`: AuthnRequestsSigned="true" and the certificate in a KeyDescriptor use="signing". */
export function metadataXml(app: AppContext, providerId: string, config: SamlConfig, signing?: Signing): string {
  return serviceProvider(app, providerId, config, undefined, signing).generateServiceProviderMetadata(null, signing ? [signing.certificate] : null);
}

export interface CheckedResponse {
  profile: Profile;
  /** The assertion's ID (each is accepted once). */
  assertionId: string;
  /** The Response's InResponseTo; undefined for an IdP-initiated response. */
  inResponseTo?: string;
  authnContextClassRefs: string[];
  /** The assertion's NotOnOrAfter (ms), for how long to remember its ID. */
  notOnOrAfter?: number;
}

type Node = Record<string, unknown> & { $?: Record<string, string>; _?: string };
const children = (node: unknown, name: string): Node[] => ((node as Record<string, unknown> | undefined)?.[name] as Node[] | undefined) ?? [];
const textOf = (node: Node | string | undefined): string | undefined => (typeof node === "string" ? node : node?._);

/** Verifies the base64 SAMLResponse for this provider; throws SamlProblem when anything is off. */
export async function checkResponse(app: AppContext, providerId: string, config: SamlConfig, samlResponse: string): Promise<CheckedResponse> {
  const acs = acsURLOf(app, providerId);
  let result: { profile: Profile | null };
  try {
    result = await serviceProvider(app, providerId, config).validatePostResponseAsync({ SAMLResponse: samlResponse });
  } catch (problem) {
    const message = (problem as Error).message;
    const code = /audience/i.test(message) ? "invalid_audience" : /expired|NotBefore|NotOnOrAfter|not yet valid/i.test(message) ? "assertion_expired" : /signature/i.test(message) ? "invalid_signature" : "invalid_saml_response";
    throw new SamlProblem(code, message);
  }
  const profile = result.profile;
  const assertion = profile?.getAssertion?.() as { Assertion?: Node } | undefined;
  const root = assertion?.Assertion;
  if (!profile || !root) throw new SamlProblem("invalid_saml_response", "No assertion");
  const assertionId = root.$?.ID;
  if (!assertionId) throw new SamlProblem("invalid_saml_response", "The assertion has no ID");

  // The Response's Destination, when it names one, must be this ACS (SAML core 3.2.2).
  const xml = Buffer.from(samlResponse, "base64").toString("utf8");
  const response = new DOMParser().parseFromString(xml, "text/xml").documentElement;
  const destination = response?.getAttribute("Destination");
  if (destination && destination !== acs) throw new SamlProblem("invalid_destination", `Destination ${destination} is not ${acs}`);
  const inResponseTo = response?.getAttribute("InResponseTo") || undefined;

  // Bearer confirmation (SAML profiles 4.1.4.2): Recipient is this ACS; its InResponseTo, if any, the Response's.
  const confirmations = children(children(root, "Subject")[0], "SubjectConfirmation").flatMap((confirmation) => children(confirmation, "SubjectConfirmationData"));
  if (!confirmations.some((data) => data.$?.Recipient === acs)) throw new SamlProblem("invalid_recipient", `No SubjectConfirmationData names ${acs} as its Recipient`);
  for (const data of confirmations) {
    const subjectInResponseTo = data.$?.InResponseTo;
    if (subjectInResponseTo && subjectInResponseTo !== inResponseTo) throw new SamlProblem("invalid_in_response_to", "SubjectConfirmationData InResponseTo differs from the Response's");
  }
  const authnContextClassRefs = children(root, "AuthnStatement")
    .flatMap((statement) => children(statement, "AuthnContext"))
    .flatMap((context) => children(context, "AuthnContextClassRef").map(textOf))
    .filter((value): value is string => Boolean(value));
  const notOnOrAfterText = children(root, "Conditions")[0]?.$?.NotOnOrAfter;
  const notOnOrAfter = notOnOrAfterText ? Date.parse(notOnOrAfterText) : undefined;
  return { profile, assertionId, inResponseTo, authnContextClassRefs, notOnOrAfter: Number.isFinite(notOnOrAfter) ? notOnOrAfter : undefined };
}
