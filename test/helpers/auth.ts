/**
 * The header that signs a request in as `user` (anything holding an access token: a `TestUser`, an
 * admin, a body just registered): `request(app).get(path).set(as(studio))`.
 */
export const as = (user: { token: string }) => ({ Authorization: `Bearer ${user.token}` });
