const UNSAFE_CHARACTERS: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for a `<script type="application/json">` block: `<`, `>`, `&`, U+2028 and
 * U+2029 are escaped, so no value can close the block or start markup.
 */
export function serializeJsonForScript(value: unknown): string {
  return JSON.stringify(value ?? null).replace(/[<>&\u2028\u2029]/g, (ch) => UNSAFE_CHARACTERS[ch] ?? ch);
}
