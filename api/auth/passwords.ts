import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with the library's defaults (memory-hard; OWASP-level parameters).
 * A fixed dummy hash lets login spend the same time whether or not the email exists.
 */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Burns the time of one verification, for unknown emails (no account enumeration by timing). */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hash('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
