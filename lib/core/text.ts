// Text the service stores or compares must be well-formed: PostgreSQL refuses NUL bytes in text,
// and an unpaired UTF-16 surrogate has no UTF-8 form. The API refuses such text with a 400 (lib/http
// parse.ts); pages drop a search param that holds it, and answer 404 for a path id that does.

// With the u flag, paired surrogates read as one code point: only unpaired ones match.
const LONE_SURROGATE = /\p{Cs}/u;

/** Why `text` cannot be stored or compared, or undefined when it can. */
export const unstorableText = (text: string): string | undefined =>
  text.includes("\u0000") ? "must not contain NUL bytes" : LONE_SURROGATE.test(text) ? "must not contain unpaired surrogates" : undefined;
