// ESLint (flat config): `npm run lint`, run by `make lint` and so by `make test`. Warnings fail
// the run too (--max-warnings 0): react-hooks' exhaustive-deps is a warning in its own preset.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  // Generated from openapi.json (npm run gen:api); the build output.
  { ignores: ["dist/", "src/api/schema.d.ts"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    ...reactHooks.configs.flat.recommended,
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
  },
  {
    ...jsxA11y.flatConfigs.recommended,
    files: ["src/**/*.tsx"],
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // `role` on our own components is a prop (<RequireRole role="teacher">), not an ARIA role.
      "jsx-a11y/aria-role": ["error", { ignoreNonDOM: true }],
    },
  },
  {
    files: ["scripts/**/*.mjs", "*.config.{js,ts}"],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      // `_name` marks an argument a signature needs and the body does not use.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
);
