/**
 * The key Latchkey signs a SAML provider's AuthnRequests with (`authnRequestsSigned`), and the
 * certificate the IdP's administrator is given in the SP metadata. Either the caller's own RSA key
 * (better-auth's `samlConfig.privateKey` or `spMetadata.privateKey`, with `privateKeyPass` if it is
 * encrypted) and, optionally, its certificate; or, when none is given, an RSA-2048 key and a
 * self-signed certificate made here, so no operator has to run openssl. The key leaves this file as
 * unencrypted PKCS#8 PEM, to be sealed at rest (secret.ts); the certificate is public.
 */
import { createPrivateKey, createPublicKey, generateKeyPair, randomBytes, webcrypto, type KeyObject } from "node:crypto";
import { promisify } from "node:util";
import * as x509 from "@peculiar/x509";
import { apiError } from "../../../shared/errors.js";

/** What register and update accept for the signing key (better-auth's names, plus Latchkey's `signingCert`). */
export interface SigningInput {
  privateKey?: string;
  privateKeyPass?: string;
  signingCert?: string;
}

export interface SigningMaterial {
  /** Unencrypted PKCS#8 PEM: seal it, never answer it. */
  privateKey: string;
  /** PEM certificate for the key, shown in the SP metadata and in provider answers. */
  certificate: string;
}

/** A self-signed certificate lasts ten years: rotating the key is a later concern (docs/sso.md). */
const CERT_YEARS = 10;
const RSA_SHA256 = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;

function readKey(pem: string, passphrase: string | undefined): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(passphrase === undefined ? pem : { key: pem, passphrase });
  } catch {
    // Never echo the key or the library's text (it may quote the input).
    throw apiError("SSO_INVALID_CONFIG", "samlConfig.privateKey must be a PEM private key (an encrypted one with the right spMetadata.privateKeyPass)");
  }
  // node-saml signs with RSA only (rsa-sha1/256/512).
  if (key.asymmetricKeyType !== "rsa" || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) throw apiError("SSO_INVALID_CONFIG", "samlConfig.privateKey must be an RSA key of at least 2048 bits");
  return key;
}

function readCert(pem: string, key: KeyObject): string {
  let cert: x509.X509Certificate;
  try {
    cert = new x509.X509Certificate(pem.trim());
  } catch {
    throw apiError("SSO_INVALID_CONFIG", "samlConfig.signingCert must be a PEM X.509 certificate");
  }
  const certKey = createPublicKey({ key: Buffer.from(cert.publicKey.rawData), format: "der", type: "spki" });
  const ownKey = createPublicKey(key);
  if (!certKey.export({ format: "der", type: "spki" }).equals(ownKey.export({ format: "der", type: "spki" }))) {
    throw apiError("SSO_INVALID_CONFIG", "samlConfig.signingCert is not the certificate of samlConfig.privateKey");
  }
  return cert.toString("pem");
}

/** A self-signed certificate for `key`, named after the SP entity ID (for an administrator's eyes only). */
async function selfSigned(key: KeyObject, entityID: string): Promise<string> {
  const der = key.export({ format: "der", type: "pkcs8" });
  const privateKey = await webcrypto.subtle.importKey("pkcs8", der, RSA_SHA256, true, ["sign"]);
  const publicKey = await webcrypto.subtle.importKey("spki", createPublicKey(key).export({ format: "der", type: "spki" }), RSA_SHA256, true, ["verify"]);
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CERT_YEARS);
  // A CN holds at most 64 characters; commas and the like would need escaping, so keep it plain.
  const commonName = `Latchkey SAML SP ${entityID.replace(/[^A-Za-z0-9./:_-]/g, "")}`.slice(0, 64);
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    { serialNumber: `01${randomBytes(15).toString("hex")}`, name: `CN=${commonName}`, notBefore, notAfter, signingAlgorithm: RSA_SHA256, keys: { privateKey, publicKey } },
    webcrypto as unknown as Crypto,
  );
  return cert.toString("pem");
}

/** The key and certificate to sign with: the caller's (checked), or new ones. */
export async function signingMaterial(input: SigningInput, entityID: string): Promise<SigningMaterial> {
  if (input.signingCert && !input.privateKey) throw apiError("SSO_INVALID_CONFIG", "samlConfig.signingCert needs its samlConfig.privateKey");
  // Off the event loop: an RSA-2048 key takes a noticeable moment to find.
  const key = input.privateKey ? readKey(input.privateKey, input.privateKeyPass) : (await promisify(generateKeyPair)("rsa", { modulusLength: 2048 })).privateKey;
  const certificate = input.signingCert ? readCert(input.signingCert, key) : await selfSigned(key, entityID);
  return { privateKey: key.export({ format: "pem", type: "pkcs8" }).toString(), certificate };
}

/** node-saml's name for the request-signing algorithm: better-auth passes URIs (…#rsa-sha256) or short names. */
export function nodeSamlAlgorithm(value: string | undefined): "sha1" | "sha256" | "sha512" {
  if (value && /sha512/i.test(value)) return "sha512";
  if (value && /sha1$|rsa-sha1/i.test(value)) return "sha1";
  return "sha256";
}
