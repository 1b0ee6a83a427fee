// The layers, checked by `npm run lint:deps` (part of `npm run lint` and `npm test`).
//
//   shared  <-  server/world  <-  server/agents  <-  server/{sim,eval}  <-  server/{rooms,hosting,http,scale}  <-  app, index, cli
//   (server/llm, server/store, server/content sit beside them; server/threads, work on threads of
//   its own, is a leaf under agents and store; replays and the view model are in shared/;
//   server/eval, the evaluation harness, runs towns through sim/ and is read by http/evals.ts)
//   client  ->  shared only (never server code)
//
// A module may import its own folder and anything in a layer below it, never above it, and no
// import may close a circle.
const below = (...dirs) => `^(${dirs.join("|")})/`;
const notIn = (...dirs) => `^server/(?!(${dirs.join("|")})/)`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Dependencies go one way: no module may (indirectly) import itself.",
      from: {},
      to: { circular: true },
    },
    {
      name: "client-not-server",
      severity: "error",
      comment: "The browser code talks to the server over the wire; it shares only shared/.",
      from: { path: "^client/" },
      to: { path: "^(server|bench|test|assets)/" },
    },
    {
      name: "shared-is-the-base",
      severity: "error",
      comment: "shared/ is imported by server and client alike, so it imports neither.",
      from: { path: "^shared/" },
      to: { path: "^(server|client|generated)/" },
    },
    {
      name: "world-is-the-core",
      severity: "error",
      comment:
        "The Town's rules know nothing of minds, storage, rooms or files: they depend on shared/ only.",
      from: { path: "^server/world/" },
      to: { path: "^server/(?!world/)" },
    },
    {
      name: "llm-is-a-leaf",
      severity: "error",
      comment:
        "The language-model gateway is infrastructure the minds use; it knows nothing of them.",
      from: { path: "^server/llm/" },
      to: { path: notIn("llm") },
    },
    {
      name: "threads-is-a-leaf",
      severity: "error",
      comment:
        "Running work on a thread of its own (a client, the worker's replies) knows nothing of what runs there.",
      from: { path: "^server/threads/" },
      to: { path: notIn("threads") },
    },
    {
      name: "agents-above-world",
      severity: "error",
      comment:
        "Minds implement the Town's Mind port; they use the world and the gateway, nothing that hosts them.",
      from: { path: "^server/agents/" },
      to: { path: notIn("agents", "world", "llm", "threads") },
    },
    {
      name: "language-is-a-toolkit",
      severity: "error",
      comment:
        "The language toolkit (understanding, lexicon, persona facts, realiser) serves the offline answers and the minds; it never imports the answers.",
      from: { path: "^server/agents/language/" },
      to: { path: "^server/agents/offline/" },
    },
    {
      name: "hosts-know-minds-not-their-engine",
      severity: "error",
      comment:
        "What hosts and serves towns talks to minds through the Mind port: neither the offline engine nor the language toolkit is theirs to import.",
      from: { path: "^server/(?!agents/)" },
      to: { path: "^server/agents/(offline|language)/" },
    },
    {
      name: "store-below-hosting",
      severity: "error",
      comment:
        "Storage saves towns, recordings and memory rows; it knows nothing of rooms, and of minds only the memory package's row format (journal, codec).",
      from: { path: "^server/store/" },
      to: { path: notIn("store", "world", "threads"), pathNot: "^server/agents/memory/" },
    },
    {
      name: "content-below-hosting",
      severity: "error",
      comment: "Reading templates and importing maps: files in, world values out.",
      from: { path: "^server/content/" },
      to: { path: notIn("content", "world", "agents") },
    },
    {
      name: "eval-below-hosting",
      severity: "error",
      comment:
        "The evaluation harness runs towns headless (sim/, store/, the minds); it knows nothing of rooms, hosting, HTTP or scaling.",
      from: { path: "^server/eval/" },
      to: { path: "^server/(rooms|hosting|http|scale)/" },
    },
    {
      name: "adapters-below-app",
      severity: "error",
      comment:
        "Rooms, hosting, HTTP, scaling and the headless runner are wired together by app.ts and the CLIs, never the reverse.",
      from: { path: "^server/(rooms|hosting|http|scale|sim|eval)/" },
      to: { path: "^server/(app|index|cli/)" },
    },
    {
      name: "server-not-asset-scripts",
      severity: "error",
      comment:
        "Asset generators are dev tools; the server reads what they wrote (e.g. the tile index), never their code.",
      from: { path: "^(server|shared|client)/" },
      to: { path: "^assets/scripts/" },
    },
    {
      name: "not-to-dev-dep",
      severity: "error",
      comment: "Code that runs in production (npm start, the CLIs) must not need a devDependency.",
      from: { path: below("server", "shared"), pathNot: "^server/.*\\.test\\.ts$" },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import that resolves to nothing.",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|generated)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".js", ".mjs", ".cjs", ".json"],
    },
    moduleSystems: ["es6", "cjs"],
  },
};
