/**
 * Every built-in provider against a loopback server that answers like that provider does
 * (documented token and profile answers), through Latchkey's real flow: /sign-in/social → the
 * provider's redirect back with the authorize URL's state and a code → token request →
 * profile calls → user and account. Each row checks the authorize URL (scopes and their
 * separator, PKCE, client-id parameter, extra parameters), the token request (client
 * authentication in a Basic header or the body, code_verifier, provider-specific fields), the
 * headers a provider insists on, and the mapped profile.
 */
import { afterEach, describe, expect, it } from "vitest";
import { runProviderSignIn, startFakeProvider, type FakeProvider, type ProviderRun, type RecordedRequest } from "./provider-harness.js";

/**
 * The Basic header exactly as better-auth sends it and Reddit and X expect: base64 of the raw
 * `id:secret`, not RFC 6749 §2.3.1's form-encoded parts (which turn `-` into `%2D`).
 */
const rawBasic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`, "utf8").toString("base64")}`;
/** Client credentials with the `-` and `_` that Reddit ids and X secrets carry. */
const BASIC_SECRET = "Xy_9-secret_with-dashes~";
const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

interface Row {
  id: string;
  /** What the authorize URL must carry. */
  scope: string;
  pkce: boolean;
  authorizeParams?: Record<string, string>;
  clientIdParam?: string;
  tokenAuth: "basic" | "post";
  settings?: Record<string, unknown>;
  callbackParams?: Record<string, string>;
  callbackMethod?: "POST";
  /** Program the fake's answers; `nonce()` is what Latchkey sent (OIDC providers). */
  answer(fake: FakeProvider, nonce: () => string | null): void;
  /** Further checks on the requests the provider saw. */
  requests?(fake: FakeProvider, run: ProviderRun): void;
  user: { email: string; emailVerified: boolean; name: string; image: string | null };
  accountId: string;
}

const get = (fake: FakeProvider, path: string): RecordedRequest => {
  const found = fake.requests.find((request) => request.method === "GET" && request.path === path);
  if (!found) throw new Error(`the provider never saw GET ${path}`);
  return found;
};

const rows: Row[] = [
  {
    id: "google",
    scope: "openid email profile",
    pkce: true,
    tokenAuth: "post",
    answer(fake, nonce) {
      fake.on("POST /token", async () => ({ json: { access_token: "ya29.a", token_type: "Bearer", expires_in: 3599, scope: "openid https://www.googleapis.com/auth/userinfo.email", id_token: await fake.signIdToken({ sub: "110169484474386276334", email: "gina@gmail.com", email_verified: true, name: "Gina G", picture: "https://lh3.googleusercontent.com/a/g", nonce: nonce() }) } }));
    },
    user: { email: "gina@gmail.com", emailVerified: true, name: "Gina G", image: "https://lh3.googleusercontent.com/a/g" },
    accountId: "110169484474386276334",
  },
  {
    id: "apple",
    scope: "name email",
    pkce: true,
    authorizeParams: { response_mode: "form_post" },
    tokenAuth: "post",
    callbackMethod: "POST",
    // Apple posts the name once, on first consent.
    callbackParams: { user: JSON.stringify({ name: { firstName: "Ada", lastName: "Lovelace" }, email: "x7f@privaterelay.appleid.com" }) },
    answer(fake, nonce) {
      fake.on("POST /token", async () => ({ json: { access_token: "a.apple", token_type: "Bearer", expires_in: 3600, refresh_token: "r.apple", id_token: await fake.signIdToken({ sub: "001234.5d8a0e.0917", email: "x7f@privaterelay.appleid.com", email_verified: "true", is_private_email: "true", auth_time: 1700000000, nonce_supported: true, nonce: nonce() }) } }));
    },
    user: { email: "x7f@privaterelay.appleid.com", emailVerified: true, name: "Ada Lovelace", image: null },
    accountId: "001234.5d8a0e.0917",
  },
  {
    id: "discord",
    scope: "identify email",
    pkce: true,
    authorizeParams: { prompt: "none" },
    tokenAuth: "post",
    answer(fake) {
      fake.on("POST /token", () => ({ json: { access_token: "6qrZcUqja7812RVdnEKjpzOL4CvHBFG", token_type: "Bearer", expires_in: 604800, refresh_token: "D43f5y0ahjqew82jZ4NViEr2YafMKhue", scope: "identify email" } }));
      fake.on("GET /userinfo", () => ({ json: { id: "80351110224678912", username: "nelly", discriminator: "0", global_name: "Nelly", avatar: "8342729096ea3675442027381ff50dfe", verified: true, email: "nelly@discord.com", flags: 64 } }));
    },
    requests: (fake) => expect(get(fake, "/userinfo").headers.authorization).toBe("Bearer 6qrZcUqja7812RVdnEKjpzOL4CvHBFG"),
    user: { email: "nelly@discord.com", emailVerified: true, name: "Nelly", image: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png" },
    accountId: "80351110224678912",
  },
  {
    id: "facebook",
    scope: "email public_profile",
    pkce: true,
    tokenAuth: "post",
    answer(fake) {
      fake.on("POST /token", () => ({ json: { access_token: "EAAGm0PX4ZCps", token_type: "bearer", expires_in: 5183944 } }));
      fake.on("GET /userinfo", () => ({ json: { id: "10158787623751234", name: "Fay Book", email: "fay@example.com", picture: { data: { height: 50, is_silhouette: false, url: "https://platform-lookaside.fbsbx.com/p.jpg", width: 50 } } } }));
    },
    requests: (fake) => expect(get(fake, "/userinfo").query.get("fields")).toBe("id,name,email,picture"),
    user: { email: "fay@example.com", emailVerified: false, name: "Fay Book", image: "https://platform-lookaside.fbsbx.com/p.jpg" },
    accountId: "10158787623751234",
  },
  {
    id: "github",
    scope: "read:user user:email",
    pkce: true,
    tokenAuth: "post",
    answer(fake) {
      fake.on("POST /token", () => ({ json: { access_token: "gho_16C7e42F292c6912E7710c838347Ae178B4a", token_type: "bearer", scope: "read:user,user:email" } }));
      // A private address: /user shows none, /user/emails has the verified primary.
      fake.on("GET /userinfo", () => ({ json: { login: "octocat", id: 583231, name: "The Octocat", email: null, avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4" } }));
      fake.on("GET /user/emails", () => ({ json: [{ email: "old@example.com", primary: false, verified: true, visibility: null }, { email: "octocat@github.com", primary: true, verified: true, visibility: "private" }] }));
    },
    requests(fake, run) {
      expect(run.tokenRequest!.headers.accept).toContain("application/json");
      for (const path of ["/userinfo", "/user/emails"]) {
        expect(get(fake, path).headers["user-agent"]).toBeTruthy();
        expect(get(fake, path).headers.accept).toBe("application/vnd.github+json");
      }
    },
    user: { email: "octocat@github.com", emailVerified: true, name: "The Octocat", image: "https://avatars.githubusercontent.com/u/583231?v=4" },
    accountId: "583231",
  },
  {
    id: "microsoft",
    scope: "openid profile email User.Read offline_access",
    pkce: true,
    tokenAuth: "post",
    answer(fake, nonce) {
      fake.on("POST /token", async () => ({ json: { token_type: "Bearer", scope: "openid profile email User.Read", expires_in: 3599, ext_expires_in: 3599, access_token: "eyJ0eXAi.ms", refresh_token: "M.R3_BAY", id_token: await fake.signIdToken({ ver: "2.0", sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ", oid: "00000000-0000-0000-66f3-3332eca7ea81", tid: "9122040d-6c67-4c5b-b112-36a304b66dad", email: "megan@contoso.com", name: "Megan Bowen", preferred_username: "megan@contoso.com", nonce: nonce() }) } }));
      fake.on("GET /v1.0/me/photos/48x48/$value", () => ({ body: PHOTO, headers: { "content-type": "image/jpeg" } }));
    },
    requests: (fake) => expect(get(fake, "/v1.0/me/photos/48x48/$value").headers.authorization).toBe("Bearer eyJ0eXAi.ms"),
    // No email_verified claim and no verified_*_email list: the address is not taken as verified.
    user: { email: "megan@contoso.com", emailVerified: false, name: "Megan Bowen", image: `data:image/jpeg;base64,${Buffer.from(PHOTO).toString("base64")}` },
    accountId: "00000000-0000-0000-66f3-3332eca7ea81",
  },
  {
    id: "spotify",
    scope: "user-read-email",
    pkce: true,
    tokenAuth: "basic",
    answer(fake) {
      fake.on("POST /token", () => ({ json: { access_token: "BQDn", token_type: "Bearer", scope: "user-read-email", expires_in: 3600, refresh_token: "AQCs" } }));
      fake.on("GET /userinfo", () => ({ json: { id: "smedjan", display_name: "Sven", email: "sven@example.com", country: "SE", images: [{ url: "https://i.scdn.co/image/ab67", height: 300, width: 300 }] } }));
    },
    user: { email: "sven@example.com", emailVerified: false, name: "Sven", image: "https://i.scdn.co/image/ab67" },
    accountId: "smedjan",
  },
  {
    id: "twitch",
    scope: "openid user:read:email",
    pkce: false,
    tokenAuth: "post",
    answer(fake, nonce) {
      // Twitch's token answer lists scopes as an array; the ID token here lacks a picture, so Helix fills it.
      fake.on("POST /token", async () => ({ json: { access_token: "rfx2uswqe8l4g1mkagrvg5tv0ks3", expires_in: 14124, refresh_token: "5b93chm6hdve3mycz05zfzatkfdenfspp1h1ar2xxdalen01", scope: ["openid", "user:read:email"], token_type: "bearer", id_token: await fake.signIdToken({ sub: "713936733", azp: "fake-client-id", preferred_username: "twitchdev", email: "dev@twitch.tv", email_verified: true, nonce: nonce() }) } }));
      fake.on("GET /helix/users", () => ({ json: { data: [{ id: "713936733", login: "twitchdev", display_name: "TwitchDev", email: "dev@twitch.tv", profile_image_url: "https://static-cdn.jtvnw.net/u.png" }] } }));
    },
    requests(fake, run) {
      expect(JSON.parse(run.authorizeURL.searchParams.get("claims")!).id_token).toMatchObject({ email: null, email_verified: null, preferred_username: null, picture: null });
      expect(get(fake, "/helix/users").headers["client-id"]).toBe("fake-client-id");
      expect(get(fake, "/helix/users").headers.authorization).toBe("Bearer rfx2uswqe8l4g1mkagrvg5tv0ks3");
    },
    user: { email: "dev@twitch.tv", emailVerified: true, name: "twitchdev", image: "https://static-cdn.jtvnw.net/u.png" },
    accountId: "713936733",
  },
  {
    id: "twitter",
    scope: "users.read tweet.read offline.access users.email",
    pkce: true,
    tokenAuth: "basic",
    answer(fake) {
      fake.on("POST /token", () => ({ json: { token_type: "bearer", expires_in: 7200, access_token: "VGNibzFWSWREZm", scope: "users.read tweet.read offline.access users.email", refresh_token: "bWRWa3gzdnk3WH" } }));
      fake.on("GET /userinfo", (request) => ({ json: { data: { id: "2244994945", name: "Developers", username: "XDevelopers", ...(request.query.get("user.fields")?.includes("profile_image_url") ? { profile_image_url: "https://pbs.twimg.com/p.jpg" } : {}), ...(request.query.get("user.fields")?.includes("confirmed_email") ? { confirmed_email: "dev@x.com" } : {}) } } }));
    },
    requests: (fake) => expect(fake.requests.filter((request) => request.path === "/userinfo").map((request) => request.query.get("user.fields"))).toEqual(["profile_image_url", "confirmed_email"]),
    user: { email: "dev@x.com", emailVerified: true, name: "Developers", image: "https://pbs.twimg.com/p.jpg" },
    accountId: "2244994945",
  },
  {
    id: "dropbox",
    scope: "account_info.read",
    pkce: true,
    tokenAuth: "post",
    answer(fake) {
      fake.on("POST /token", () => ({ json: { access_token: "sl.AbX9y6Fe3AuH5o66", expires_in: 14400, token_type: "bearer", scope: "account_info.read", account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc", uid: "12345" } }));
      fake.on("POST /userinfo", () => ({ json: { account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc", name: { given_name: "Franz", surname: "Ferdinand", familiar_name: "Franz", display_name: "Franz Ferdinand (Personal)", abbreviated_name: "FF" }, email: "franz@dropbox.com", email_verified: true, disabled: false, profile_photo_url: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA" } }));
    },
    requests(fake) {
      const call = fake.requests.find((request) => request.method === "POST" && request.path === "/userinfo")!;
      expect(call.headers.authorization).toBe("Bearer sl.AbX9y6Fe3AuH5o66");
      expect(call.body).toBe("");
    },
    user: { email: "franz@dropbox.com", emailVerified: true, name: "Franz Ferdinand (Personal)", image: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA" },
    accountId: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
  },
  {
    id: "linkedin",
    scope: "openid profile email",
    pkce: false,
    tokenAuth: "post",
    answer(fake) {
      fake.on("POST /token", async () => ({ json: { access_token: "AQUvlL_DYEzvT2wz", expires_in: 5183999, scope: "email,openid,profile", token_type: "Bearer", id_token: await fake.signIdToken({ sub: "782bbtaQ", email: "lin@example.com", email_verified: true, name: "Lin Kedin" }) } }));
      fake.on("GET /userinfo", () => ({ json: { sub: "782bbtaQ", email_verified: true, name: "Lin Kedin", locale: { country: "US", language: "en" }, given_name: "Lin", family_name: "Kedin", email: "lin@example.com", picture: "https://media.licdn.com/dms/image/C5603AQHt/p.jpg" } }));
    },
    requests: (fake) => expect(get(fake, "/userinfo").headers.authorization).toBe("Bearer AQUvlL_DYEzvT2wz"),
    user: { email: "lin@example.com", emailVerified: true, name: "Lin Kedin", image: "https://media.licdn.com/dms/image/C5603AQHt/p.jpg" },
    accountId: "782bbtaQ",
  },
  {
    id: "gitlab",
    scope: "read_user",
    pkce: true,
    tokenAuth: "post",
    answer(fake) {
      fake.on("POST /token", () => ({ json: { access_token: "de6780bc506a0446309bd9362820ba8aed28aa506c71eedbe1c5c4f9dd350e54", token_type: "Bearer", expires_in: 7200, refresh_token: "8257e65c97202ed1726cf9571600918f3bffb2544b26e00a61df9897668c33a1", scope: "read_user", created_at: 1607635748 } }));
      fake.on("GET /userinfo", () => ({ json: { id: 1, username: "john_smith", email: "john@example.com", name: "John Smith", state: "active", locked: false, avatar_url: "https://gitlab.example.com/uploads/user/avatar/1/cd8.jpeg", confirmed_at: "2012-05-23T09:05:22Z" } }));
    },
    user: { email: "john@example.com", emailVerified: true, name: "John Smith", image: "https://gitlab.example.com/uploads/user/avatar/1/cd8.jpeg" },
    accountId: "1",
  },
  {
    id: "tiktok",
    scope: "user.info.basic,video.list",
    pkce: false,
    clientIdParam: "client_key",
    tokenAuth: "post",
    settings: { scopes: ["video.list"] },
    answer(fake) {
      fake.on("POST /token", () => ({ json: { access_token: "act.example12345Example12345Example", expires_in: 86400, open_id: "afd97af1-b87b-48b9-ac98-410aghda5344", refresh_expires_in: 31536000, refresh_token: "rft.example12345Example12345Example", scope: "user.info.basic,video.list", token_type: "Bearer" } }));
      fake.on("GET /userinfo", () => ({ json: { data: { user: { open_id: "afd97af1-b87b-48b9-ac98-410aghda5344", display_name: "Tik Toker", avatar_large_url: "https://p16-sign.tiktokcdn-us.com/l.jpeg" } }, error: { code: "ok", message: "", log_id: "20220829194722CBE87ED59D524E727021" } } }));
    },
    requests: (fake) => expect(get(fake, "/userinfo").query.get("fields")).toBe("open_id,display_name,avatar_large_url"),
    user: { email: "afd97af1-b87b-48b9-ac98-410aghda5344@tiktok.placeholder.invalid", emailVerified: false, name: "Tik Toker", image: "https://p16-sign.tiktokcdn-us.com/l.jpeg" },
    accountId: "afd97af1-b87b-48b9-ac98-410aghda5344",
  },
  {
    id: "reddit",
    scope: "identity",
    pkce: false,
    authorizeParams: { duration: "permanent" },
    tokenAuth: "basic",
    answer(fake) {
      fake.on("POST /token", () => ({ json: { access_token: "eyJhbGciOiJSUzI1NiIs.reddit", token_type: "bearer", expires_in: 86400, refresh_token: "1234-reddit", scope: "identity" } }));
      fake.on("GET /userinfo", () => ({ json: { id: "abc12", name: "spez", icon_img: "https://styles.redditmedia.com/t5_6/styles/profileIcon_x.png?width=256&height=256&s=8c3e" } }));
    },
    requests: (fake) => expect(get(fake, "/userinfo").headers["user-agent"]).toMatch(/latchkey/i),
    user: { email: "abc12@reddit.placeholder.invalid", emailVerified: false, name: "spez", image: "https://styles.redditmedia.com/t5_6/styles/profileIcon_x.png" },
    accountId: "abc12",
  },
  {
    id: "roblox",
    scope: "openid profile",
    pkce: true,
    authorizeParams: { prompt: "select_account consent" },
    tokenAuth: "post",
    answer(fake) {
      fake.on("POST /token", async () => ({ json: { access_token: "CAEaAk1", refresh_token: "CAEaAk2", token_type: "Bearer", expires_in: 899, scope: "openid profile", id_token: await fake.signIdToken({ sub: "1516563360", name: "exampleuser", nickname: "exampleuser", preferred_username: "exampleuser" }) } }));
      fake.on("GET /userinfo", () => ({ json: { sub: "1516563360", name: "exampleuser", nickname: "Example User", preferred_username: "exampleuser", created_at: 1584682495, profile: "https://www.roblox.com/users/1516563360/profile", picture: "https://tr.rbxcdn.com/30DAY-AvatarHeadshot-3.png" } }));
    },
    user: { email: "1516563360@roblox.placeholder.invalid", emailVerified: false, name: "Example User", image: "https://tr.rbxcdn.com/30DAY-AvatarHeadshot-3.png" },
    accountId: "1516563360",
  },
  {
    id: "vk",
    scope: "email phone",
    pkce: true,
    tokenAuth: "post",
    // VK ID sends the device id (and type, expiry) with the code.
    callbackParams: { device_id: "Y3ZrY2hhbmdlbWU", type: "code_v2", expires_in: "600" },
    answer(fake) {
      fake.on("POST /token", () => ({ json: { refresh_token: "vk2.r.X", access_token: "vk2.a.Y", id_token: "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJWSyJ9.c2ln", token_type: "Bearer", expires_in: 3600, user_id: 1234567890, state: "ignored", scope: "vkid.personal_info email phone" } }));
      fake.on("POST /userinfo", () => ({ json: { user: { user_id: "1234567890", first_name: "Ivan", last_name: "Ivanov", phone: "79991234567", avatar: "https://pp.userapi.com/a.jpg", email: "ivan_i123@vk.com", sex: 2, verified: false, birthday: "01.01.2000" } } }));
    },
    requests(fake, run) {
      expect(run.tokenRequest!.form.get("device_id")).toBe("Y3ZrY2hhbmdlbWU");
      expect(run.tokenRequest!.form.get("state")).toBe(run.authorizeURL.searchParams.get("state"));
      const info = fake.requests.find((request) => request.method === "POST" && request.path === "/userinfo")!;
      expect(Object.fromEntries(info.form)).toEqual({ access_token: "vk2.a.Y", client_id: "fake-client-id" });
    },
    user: { email: "ivan_i123@vk.com", emailVerified: false, name: "Ivan Ivanov", image: "https://pp.userapi.com/a.jpg" },
    accountId: "1234567890",
  },
];

let fake: FakeProvider | undefined;
let run: ProviderRun | undefined;
afterEach(async () => {
  await run?.close();
  await fake?.close();
  run = fake = undefined;
});

describe("built-in social providers against loopback copies of their servers", () => {
  it("covers every built-in provider", async () => {
    const { builtInProviders } = await import("../../../server/features/social/providers/index.js");
    expect([...builtInProviders.keys()].sort()).toEqual(rows.map((row) => row.id).sort());
    expect(rows).toHaveLength(16);
  });

  it.each(rows)("$id: authorize URL, token request and profile mapping", async (row) => {
    fake = await startFakeProvider();
    let nonce: string | null = null;
    row.answer(fake, () => nonce);
    const settings = row.tokenAuth === "basic" ? { clientSecret: BASIC_SECRET, ...row.settings } : row.settings;
    run = await runProviderSignIn({ providerId: row.id, fake, settings, callbackParams: row.callbackParams, callbackMethod: row.callbackMethod, onNonce: (value) => (nonce = value) });

    const authorize = run.authorizeURL.searchParams;
    expect(authorize.get("scope")).toBe(row.scope);
    expect(authorize.get(row.clientIdParam ?? "client_id")).toBe("fake-client-id");
    if (row.clientIdParam) expect(authorize.get("client_id")).toBeNull();
    expect(authorize.get("code_challenge_method")).toBe(row.pkce ? "S256" : null);
    for (const [key, value] of Object.entries(row.authorizeParams ?? {})) expect(authorize.get(key)).toBe(value);

    const token = run.tokenRequest;
    expect(token, "the token endpoint was called").toBeDefined();
    expect(token!.form.get("grant_type")).toBe("authorization_code");
    expect(token!.form.get("code")).toBe("fake-code");
    expect(token!.form.get("redirect_uri")).toBe(`${run.server.api}/callback/${row.id}`);
    expect(token!.form.get("code_verifier")).toEqual(row.pkce ? expect.stringMatching(/^[A-Za-z0-9]{128}$/) : null);
    if (row.tokenAuth === "basic") {
      expect(token!.headers.authorization).toBe(rawBasic("fake-client-id", BASIC_SECRET));
      expect(token!.form.get("client_secret")).toBeNull();
    } else {
      expect(token!.headers.authorization).toBeUndefined();
      expect(token!.form.get("client_secret")).toBe("fake-client-secret");
      expect(token!.form.get(row.clientIdParam ?? "client_id")).toBe("fake-client-id");
      if (row.clientIdParam) expect(token!.form.get("client_id")).toBeNull();
    }
    row.requests?.(fake, run);

    expect(run.landed.pathname, `landed on ${run.landed}`).toBe("/done");
    expect(run.user).toMatchObject(row.user);
    expect(run.account?.accountId).toBe(row.accountId);
  });
});
