// ESLint for the whole repository: typescript-eslint's recommended rules with type information.
// Run from the repository root: `npm run lint:es` (part of `npm run lint` and `npm test`).
import { fileURLToPath } from "node:url";
import path from "node:path";
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export default tseslint.config(
  { ignores: ["**/node_modules/**", "dist/**", "generated/**", "tools/**"] },
  {
    files: ["**/*.ts"],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      // The same convention as tsc's noUnusedParameters: a leading underscore marks "unused on purpose".
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Tests and benchmarks read servers' JSON answers and probe them with bad input on purpose: an
    // `any` there is the thing under test, so the no-unsafe-* family would only ask for casts. Their
    // fakes implement async ports synchronously, which require-await would flag.
    files: ["test/**/*.ts", "bench/**/*.ts"],
    rules: {
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
);
