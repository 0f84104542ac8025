// Class codes: 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L).
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 6;

/**
 * What a child typed -> what we keep: upper case, only letters of the alphabet,
 * at most 6. Spaces, dashes and look-alike characters are dropped.
 */
export function normaliseClassCode(raw: string): string {
  let out = "";
  for (const ch of raw.toUpperCase()) {
    if (CODE_ALPHABET.includes(ch)) out += ch;
    if (out.length === CODE_LENGTH) break;
  }
  return out;
}

export function isCompleteClassCode(code: string): boolean {
  return code.length === CODE_LENGTH && normaliseClassCode(code) === code;
}
