import type { Passkey } from "../../../shared/contract/passkey.js";
import type { PasskeyRow } from "../../db/types.js";
import { iso } from "../../core/user/wire.js";

export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    publicKey: row.publicKey,
    userId: row.userId,
    credentialID: row.credentialID,
    counter: Number(row.counter),
    deviceType: row.deviceType,
    backedUp: Boolean(row.backedUp),
    transports: row.transports,
    createdAt: iso(row.createdAt),
    aaguid: row.aaguid,
  };
}
