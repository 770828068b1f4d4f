const os = require('node:os');

// Jest runs TypeScript through SWC (fast on two cores); browser-like tests get jsdom with
// Node's fetch primitives (jest-fixed-jsdom), which RTK Query and msw need.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const ESM_PACKAGES = ['until-async', 'content-disposition', 'cookie', 'eventsource-parser'];

const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  // ES-module-only packages (.mjs files, and packages of "type": "module" that msw, fastify,
  // @fastify/static and the live galleries' stream reader pull in) are compiled like our code;
  // everything else runs as shipped. The first lookahead makes the pattern judge the innermost
  // node_modules folder of a path.
  transformIgnorePatterns: [`/node_modules/(?!.*/node_modules/)(?!(${ESM_PACKAGES.join('|')})/).*\\.(c?js|json)$`],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/test/support/styleStub.js',
    '\\.(png|jpe?g|gif|svg|webp|mp4)$': '<rootDir>/test/support/fileStub.js',
  },
};

/** @type {import('jest').Config} */
module.exports = {
  // A worker per core and one more (jest's default leaves a core to itself, which on two cores is
  // one worker): a journey mostly waits for its browser and its stack, and a file beside it uses
  // that time. The server's files each have a database of their own, the journeys take turns on
  // their stacks (docs/testing.md#what-a-run-starts).
  maxWorkers: os.availableParallelism() + 1,
  testSequencer: '<rootDir>/test/support/journeysApartSequencer.js',
  projects: [
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/test/web/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/test/support/setupWeb.ts'],
    },
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/server/**/*.test.ts'],
      globalSetup: '<rootDir>/test/server/support/globalSetup.ts',
      globalTeardown: '<rootDir>/test/server/support/globalTeardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/server/support/setup.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: '<rootDir>/test/e2e/support/journeyEnvironment.ts',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/test/e2e/support/globalSetup.ts',
      globalTeardown: '<rootDir>/test/e2e/support/globalTeardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/e2e/support/setup.ts'],
    },
    {
      ...common,
      displayName: 'scripts',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/scripts/**/*.test.ts'],
    },
  ],
};
