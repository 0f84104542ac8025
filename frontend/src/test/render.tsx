// testing-library's render and renderHook inside a QueryClientProvider with a fresh cache (the
// app's own settings), so no test sees another's data.
import type { ReactElement, ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import {
  render as rtlRender,
  renderHook as rtlRenderHook,
  type RenderHookOptions,
  type RenderOptions,
} from "@testing-library/react";
import { makeQueryClient } from "../lib/queryClient";

function withQueries(client: QueryClient) {
  return function QueryWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

export function render(ui: ReactElement, options: Omit<RenderOptions, "wrapper"> & { queryClient?: QueryClient } = {}) {
  const { queryClient = makeQueryClient(), ...rest } = options;
  return { queryClient, ...rtlRender(ui, { ...rest, wrapper: withQueries(queryClient) }) };
}

export function renderHook<R, P>(hook: (props: P) => R, options: Omit<RenderHookOptions<P>, "wrapper"> & { queryClient?: QueryClient } = {}) {
  const { queryClient = makeQueryClient(), ...rest } = options;
  return { queryClient, ...rtlRenderHook(hook, { ...rest, wrapper: withQueries(queryClient) }) };
}
