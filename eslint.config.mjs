import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// `bname` is the wire's and the storage's word for an event's name; code calls it `eventName` (type EventName).
// Object keys and member access stay allowed (`{ bname: eventName }`, `request.params.bname`): that is the wire.
const BNAME_MESSAGE =
  "In code an event's name is `eventName` (type EventName); `bname` stays only on the wire and in storage " +
  '(docs/architecture.md#glossary).';
const EVENT_NAME_RATCHET = [
  "VariableDeclarator[id.name='bname']",
  ":function[id.name='bname']",
  ":function > Identifier.params[name='bname']",
  ":function > AssignmentPattern.params > Identifier.left[name='bname']",
  "ObjectPattern > Property[value.name='bname']",
  "ObjectPattern > Property > AssignmentPattern.value > Identifier.left[name='bname']",
  "ArrayPattern > Identifier[name='bname']",
  "JSXAttribute > JSXIdentifier.name[name='bname']",
].map((selector) => ({ selector, message: BNAME_MESSAGE }));

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'data/', 'node_modules/', 'test/support/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // React's rules where React is: the SPA and its tests (elsewhere they found nothing, and their
    // compiler-based analysis of every server and tool file was a sixth of the lint's time).
    files: ['src/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}', 'test/support/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // A feature adds its slice to the root state by declaration merging: `interface X extends WithSlice<...> {}`.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      eqeqeq: ['error', 'smart'],
      'no-console': ['warn', { allow: ['warn', 'error', 'info'] }],
      'no-restricted-syntax': ['error', ...EVENT_NAME_RATCHET],
    },
  },
  {
    // Rules that need the types: a promise nobody awaits or marks `void` on purpose is a bug
    // waiting (a lost rejection, a race), and a switch over a union must name every member.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './server/tsconfig.json', './src/sw/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    // Typed hooks only (STYLE.md): components use useAppDispatch / useAppSelector.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/store/hooks.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector', 'useStore'],
              message: 'Use the typed hooks of src/store (useAppDispatch, useAppSelector).',
            },
          ],
        },
      ],
    },
  },
  {
    // Server layers (docs/architecture.md#layers): SQL lives in the domain, run by the database layer;
    // routes, payments, the seed loader, the development tools and the rest call domain functions.
    // A module's domain is the files at its root (docs/architecture.md); its http/, jobs/,
    // storage/, payments/, model/ and command/ folders call them.
    files: ['server/src/**/*.ts', 'tools/**/*.ts'],
    ignores: [
      'server/src/modules/*/*.ts',
      'server/src/platform/db/**',
      // Creates and drops the local cluster's databases: administration, not the product's data.
      'tools/localStack/embeddedPostgres.ts',
    ],
    rules: {
      // This block's list replaces the one above for these files: it carries the event-name ratchet too.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(query|transaction)$/]',
          message: "SQL belongs in a module's domain (the files at its root): call a domain function.",
        },
        ...EVENT_NAME_RATCHET,
      ],
    },
  },
  {
    files: [
      'scripts/**/*.ts',
      'server/**/*.ts',
      'tools/**/*.ts',
      'test/**/*.{ts,tsx}',
      '*.config.{js,mjs,ts}',
      'jest.config.js',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
