// Filled in by its issue; namespaces are pinned in src/rules/index.ts.
export {};
