// The stopword package ships no types; the one list the mind reads.
declare module "stopword" {
  /** English stop words. */
  export const eng: readonly string[];
}
