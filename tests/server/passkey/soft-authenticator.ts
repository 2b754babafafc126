/**
 * A software WebAuthn authenticator for server tests (the console e2e uses Chromium's virtual
 * one): an ES256 key pair per credential, "none" attestation, and the CBOR and authenticator-data
 * layouts of the WebAuthn spec, so the real @simplewebauthn/server checks run unchanged.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(n, 1);
  return out;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64url = (data: Uint8Array | string) => Buffer.from(data).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  counter: number;
  userHandle: string;
}

export function createSoftAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname;
  const credentials: SoftCredential[] = [];

  function clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  return {
    credentials,
    /** Answers generate-register-options like navigator.credentials.create() would. */
    register(options: { challenge: string; user: { id: string } }, clientOrigin = origin) {
      const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const jwk = publicKey.export({ format: "jwk" });
      const cose = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, "base64url")], [-3, Buffer.from(jwk.y!, "base64url")]]));
      const id = randomBytes(16);
      const credential: SoftCredential = { id, privateKey, counter: 0, userHandle: options.user.id };
      credentials.push(credential);
      const idLength = Buffer.from([id.length >> 8, id.length & 255]);
      // flags: user present (0x01), user verified (0x04), attested credential data (0x40).
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x45]), Buffer.alloc(4), Buffer.alloc(16), idLength, id, cose]);
      const attestationObject = cbor(new Map<Cbor, Cbor>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]));
      const data = Buffer.from(JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin: clientOrigin, crossOrigin: false }));
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: "public-key",
        response: { clientDataJSON: b64url(data), attestationObject: b64url(attestationObject), transports: ["internal"] },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    /** Answers generate-authenticate-options like navigator.credentials.get() with `credential`. */
    authenticate(options: { challenge: string }, credential: SoftCredential = credentials[0]!, flags: { userVerified?: boolean } = {}) {
      credential.counter += 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(credential.counter);
      // flags: user present (0x01), plus user verified (0x04) unless a touch-only assertion is asked for.
      const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([flags.userVerified === false ? 0x01 : 0x05]), counter]);
      const data = clientData("webauthn.get", options.challenge);
      const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(data)]), credential.privateKey);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: "public-key",
        response: { clientDataJSON: b64url(data), authenticatorData: b64url(authenticatorData), signature: b64url(signature), userHandle: credential.userHandle },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}
