import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: order codes are read out on the phone and typed from bank statements. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A random code of `length` characters (orders, tickets, scanners, sessions). Here in lib, below
 * every module, so the modules that make codes do not lean on the checkout's service for it.
 */
export function newCode(length: number): string {
  let code = '';
  for (let index = 0; index < length; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
