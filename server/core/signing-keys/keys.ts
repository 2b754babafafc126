/**
 * Signing keys for JWTs: the jwt feature's tokens and the OpenID provider's ID and access tokens
 * (features/oauth-provider signs RS256 by default) share this store and /jwks. A key pair is made on first use (EdDSA/Ed25519 unless configured), its
 * private half sealed with the server secret (crypto/encrypt.ts) before it touches the database.
 * After `jwt.rotationInterval` a new key takes over and the old one is marked retired; /jwks keeps
 * serving a retired public key for `jwt.gracePeriod`, so tokens it signed still verify.
 */
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import type { AppContext } from "../../context.js";
import { open, seal } from "../../crypto/encrypt.js";
import { newId } from "../../crypto/tokens.js";
import { secretMismatch } from "../../crypto/secret-mismatch.js";
import type { JwksRow } from "../../db/types.js";
import * as store from "./store.js";

export type AsymmetricAlg = "EdDSA" | "ES256" | "RS256" | "PS256";
export const PURPOSE = "jwks-private-key";

export interface SigningKey {
  kid: string;
  alg: AsymmetricAlg;
  key: CryptoKey;
  createdAt: number;
}

/** Per server and algorithm: the imported current key, so signing a token costs no query and no import. */
const cache = new WeakMap<AppContext, Map<AsymmetricAlg, SigningKey>>();

function due(app: AppContext, createdAt: number): boolean {
  return app.clock.now() - createdAt >= app.config.jwt.rotationInterval * 1000;
}

export async function currentSigningKey(app: AppContext, alg: AsymmetricAlg): Promise<SigningKey> {
  const cached = cache.get(app)?.get(alg);
  if (cached && !due(app, cached.createdAt)) return cached;
  // Another server sharing the database may have rotated already: read before making one.
  let row = await store.latestJwk(app.db, alg);
  if (!row || row.expiresAt !== null || due(app, Number(row.createdAt))) {
    const previous = row;
    row = await createJwk(app, alg);
    if (previous && previous.expiresAt === null) await store.retireJwk(app.db, previous.id, app.clock.now());
  }
  // Sealed under none of the configured secrets (a copied database, a changed AUTH_SECRET):
  // SECRET_MISMATCH, not a silent replacement that relying parties caching /jwks would refuse.
  const key = await privateKeyOf(app, row);
  const signing: SigningKey = { kid: row.id, alg, key, createdAt: Number(row.createdAt) };
  const perAlg = cache.get(app) ?? new Map<AsymmetricAlg, SigningKey>();
  perAlg.set(alg, signing);
  cache.set(app, perAlg);
  return signing;
}

async function createJwk(app: AppContext, alg: AsymmetricAlg): Promise<JwksRow> {
  const options = alg === "EdDSA" ? { crv: "Ed25519", extractable: true } : alg === "ES256" ? { extractable: true } : { modulusLength: 2048, extractable: true };
  const pair = await generateKeyPair(alg, options);
  const publicJwk = await exportJWK(pair.publicKey);
  const privateJwk = await exportJWK(pair.privateKey);
  const row: JwksRow = {
    id: newId(),
    publicKey: JSON.stringify(publicJwk),
    privateKey: seal(JSON.stringify(privateJwk), app.secret, PURPOSE),
    alg,
    crv: typeof publicJwk.crv === "string" ? publicJwk.crv : null,
    createdAt: app.clock.now(),
    expiresAt: null,
  };
  await store.insertJwk(app.db, row);
  return row;
}

/** The private key; SECRET_MISMATCH when it was sealed under none of the configured secrets. */
async function privateKeyOf(app: AppContext, row: JwksRow): Promise<CryptoKey> {
  const text = open(row.privateKey, app.secret, PURPOSE);
  if (text === null) throw secretMismatch(app.log, "a JWT signing key", { kid: row.id });
  return (await importJWK(JSON.parse(text) as JWK, row.alg)) as CryptoKey;
}

/** The public keys /jwks serves; with an asymmetric algorithm configured, one is made if none exists yet. */
export async function publicJwks(app: AppContext): Promise<Array<JWK & { kid: string; alg: string; kty: string }>> {
  const { algorithm, gracePeriod, enabled } = app.config.jwt;
  if (enabled && algorithm !== "HS256") await currentSigningKey(app, algorithm);
  if (app.config.oauthProvider.enabled) await currentSigningKey(app, "RS256");
  const rows = await store.servedJwks(app.db, app.clock.now(), gracePeriod * 1000);
  return rows.map((row) => {
    const jwk = JSON.parse(row.publicKey) as JWK & { kty: string };
    return { ...jwk, ...(row.crv ? { crv: row.crv } : {}), alg: row.alg, kid: row.id };
  });
}
