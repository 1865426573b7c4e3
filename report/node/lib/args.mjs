// How an adapter writes the arguments of a call that a library hands over
// as a parsed value.

/**
 * The argument text of a call whose library presents its input as a
 * parsed value. raw is the input text the stream carried for the call, as
 * the library's own events reported it ("" when none). When raw parses
 * to the same value as input, raw is the text (so that a number written
 * 1.0 or 1e2, which any JSON parser reads as the same value, is not
 * counted against the library); otherwise input is serialized, and the
 * difference is the library's.
 */
export function argumentText(input, raw) {
  const serialized = JSON.stringify(input === undefined ? null : input);
  if (raw !== '') {
    try {
      if (JSON.stringify(JSON.parse(raw)) === serialized) return raw;
    } catch {
      // raw is not JSON: the library made its input of something else
    }
  }
  return serialized;
}
