// The one token comparison: right token only, whatever the lengths, never for an unset token.
import { describe, expect, it } from "vitest";
import { tokenMatches } from "../../server/access.ts";

describe("tokenMatches", () => {
  it("accepts the token alone", () => {
    expect(tokenMatches("sesame", "sesame")).toBe(true);
    for (const given of ["sesam", "sesame ", "SESAME", "", "sesame".repeat(1000)])
      expect(tokenMatches(given, "sesame"), given).toBe(false);
    expect(tokenMatches(undefined, "sesame")).toBe(false);
    // No token set: nobody matches, not even an empty one.
    expect(tokenMatches("", undefined)).toBe(false);
    expect(tokenMatches("", "")).toBe(false);
  });
});
