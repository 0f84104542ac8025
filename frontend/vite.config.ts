/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The built app is served by Django/WhiteNoise at "/", with index.html as the
// fallback for client routes and hashed assets under /assets/.
const backend = "http://127.0.0.1:8000";

export default defineConfig({
  base: "/",
  plugins: [react()],
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: backend, changeOrigin: false },
      "/ws": { target: backend, ws: true, changeOrigin: false },
      "/healthz": { target: backend, changeOrigin: false },
      "/admin": { target: backend, changeOrigin: false },
      "/static": { target: backend, changeOrigin: false },
    },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: true,
    // jsdom renders can take seconds on a loaded 2-core CI machine.
    testTimeout: 20000,
  },
});
