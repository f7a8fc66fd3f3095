// Pure: the sign-in dialog checks the same pattern before asking the server.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Looks like an e-mail address: something@domain.tld, no spaces, one "@". */
export function isEmailAddress(text: string): boolean {
  return EMAIL.test(text);
}
