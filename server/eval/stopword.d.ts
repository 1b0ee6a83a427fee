// The `stopword` package ships no types; the harness uses its English list only.
declare module "stopword" {
  export const eng: readonly string[];
}
