// A sentence a resident says ends once: a quotation cut from its opening does not leave a lone
// mark behind ('our work.".'), and a sentence ended inside its closing quote gets no second stop.
import { describe, expect, it } from "vitest";
import { sentence } from "../../server/agents/language/realise.ts";

describe("a sentence said", () => {
  it("drops a lone quotation mark and ends once", () => {
    expect(sentence('Last I saw, Maria was talking about our work."')).toBe(
      "Last I saw, Maria was talking about our work.",
    );
    expect(sentence('Pol asked "are you coming?"')).toBe('Pol asked "are you coming?"');
    expect(sentence('she wrote "gone fishing"')).toBe('She wrote "gone fishing".');
    expect(sentence("  we met at   the mill ")).toBe("We met at the mill.");
  });
});
