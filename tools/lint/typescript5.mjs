// Preloaded (node --import) by the lint scripts: in the linter's process, `typescript` is this
// workspace's TypeScript 5.x. typescript-eslint's type-aware rules and dependency-cruiser call the
// compiler's JavaScript API, which TypeScript 7 (the project's `tsc`) no longer ships; npm hoists
// some of their packages (ts-api-utils, dependency-cruiser) to the root, where plain resolution
// finds TypeScript 7. The project's type check (`npm run typecheck`) stays on TypeScript 7.
import Module, { createRequire, register } from "node:module";
import path from "node:path";

const typescript5 = path.dirname(createRequire(import.meta.url).resolve("typescript/package.json"));
const redirect = (request) =>
  request === "typescript" || request.startsWith("typescript/")
    ? typescript5 + request.slice("typescript".length)
    : request;

// require() and createRequire()
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, redirect(request), ...rest);
};

// import
register(
  "data:text/javascript," +
    encodeURIComponent(`
      const base = ${JSON.stringify(typescript5)};
      export async function resolve(specifier, context, next) {
        if (specifier === "typescript" || specifier.startsWith("typescript/")) {
          const { pathToFileURL } = await import("node:url");
          const { createRequire } = await import("node:module");
          const file = createRequire(base + "/package.json").resolve(specifier);
          return { url: pathToFileURL(file).href, shortCircuit: true };
        }
        return next(specifier, context);
      }`),
);
