// @ts-check
// ESLint flat config: `npm run lint` (inside `npm test`) runs it over the whole repository, no warnings allowed.
// Formatting is prettier's (.prettierrc.json, `npm run format`); eslint-config-prettier turns off every rule that would fight it.
import js from "@eslint/js";
import prettier from "eslint-config-prettier/flat";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The line limit: prettier's printWidth (.prettierrc.json) and max-len agree. */
export const LINE_LIMIT = 140;

/** No file-level import cycles (type-only imports do not count: they vanish at run time). Exported for tests/lint. */
export const importCycles = defineConfig({
  files: ["**/*.{ts,js,mjs}"],
  plugins: { "import-x": importX },
  settings: {
    // Without these two import-x parses no .ts dependency and no-cycle silently finds nothing.
    "import-x/extensions": [".ts", ".js", ".mjs"],
    "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
    "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
  },
  rules: { "import-x/no-cycle": "error" },
});

export default defineConfig(
  globalIgnores(["dist/", "coverage/", "gallery/", "tests/artifacts/", "packs/", ".vite/", ".vitest/"]),

  js.configs.recommended,

  {
    name: "nobc/typescript",
    files: ["**/*.ts"],
    extends: [tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // noUncheckedIndexedAccess makes `TABLE[die - 1]!` the deliberate way to read a fixed table or a checked index.
      "@typescript-eslint/no-non-null-assertion": "off",
      // Bracket access marks a dynamic key of an index signature (form data, flags, update paths); dot access elsewhere.
      "@typescript-eslint/dot-notation": ["error", { allowIndexSignaturePropertyAccess: true }],
      // Numbers in messages and labels are the rules core's bread and butter; objects, unknown and nullish stay errors.
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      // `(x) => expect(x).toBe(y)` and `() => harness.reset()` are the concise callbacks the tests are written in, and
      // `return p.set(…)` inside a void function is how the effect handlers end a case; a void value used as data stays an error.
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true, ignoreVoidReturningFunctions: true }],
      // A leading underscore marks a parameter a signature needs but the body does not (fakes, overrides), and
      // `const { hq: _hq, ...rest } = x` is how the code base drops a key; every other unused name stays an error.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },

  {
    name: "nobc/tests",
    files: ["tests/**/*.ts"],
    rules: {
      // Test fakes implement Foundry's async methods (create, update, render…) without awaiting anything.
      "@typescript-eslint/require-await": "off",
      // vitest's asymmetric matchers (expect.any, expect.stringContaining, expect.objectContaining) are typed `any`;
      // any other `any` a test lets in is still caught by no-unsafe-member-access, -call, -return and -argument.
      "@typescript-eslint/no-unsafe-assignment": "off",
    },
  },

  {
    name: "nobc/node-scripts",
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },

  {
    name: "nobc/examples",
    // Example house rules are scripts a world loads in Foundry, where these are globals.
    files: ["examples/**/*.js"],
    languageOptions: { globals: { ...globals.browser, Hooks: "readonly", game: "readonly" } },
  },

  importCycles,

  prettier,

  {
    name: "nobc/line-length",
    // After eslint-config-prettier, which turns max-len off: prettier wraps code, max-len catches what it cannot (comments).
    rules: {
      "max-len": [
        "error",
        { code: LINE_LIMIT, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
    },
  },
);
