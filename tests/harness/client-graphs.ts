/**
 * A Vite plugin for the multi-client harness (./clients.ts): a module imported with the query
 * `?nobcClient=<name>` passes that query on to every module of ours it imports, statically or
 * lazily (`import("./controller")`), so each client gets its own copy of the harness and of the
 * system's modules, with their own state (task queues, registries, hooks). Packages
 * (node_modules) and data files (JSON) stay shared: they keep no client's state. Without the query nothing changes.
 */
import type { Plugin } from "vite";

const CLIENT = /[?&]nobcClient=([A-Za-z0-9_-]+)/;

export function clientGraphs(): Plugin {
  return {
    name: "nobc-client-graphs",
    enforce: "pre",
    async resolveId(source, importer, options) {
      const client = importer === undefined ? null : CLIENT.exec(importer);
      if (client === null || CLIENT.test(source)) return null;
      if (!source.startsWith(".") && !source.startsWith("/")) return null;
      const resolved = await this.resolve(source, importer!.replace(/\?.*$/, ""), { ...options, skipSelf: true });
      // Only our code keeps state: data (JSON, templates) and packages stay shared.
      if (resolved === null || resolved.external === true || resolved.id.includes("/node_modules/") || !/\.[mc]?[jt]s$/.test(resolved.id))
        return resolved;
      return `${resolved.id}${resolved.id.includes("?") ? "&" : "?"}nobcClient=${client[1]}`;
    },
  };
}
