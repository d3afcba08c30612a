/**
 * A GM's button among the Token controls of the scene controls (v13 `getSceneControlButtons`, whose
 * controls and tools are records by name; the typings we build against still describe the older list).
 */

interface ToolLike {
  name: string;
  title: string;
  icon: string;
  order: number;
  button?: boolean;
  visible?: boolean;
  onChange?: (event: Event, active: boolean) => void;
}

export type SceneControls = Record<string, { tools?: Record<string, ToolLike> } | undefined>;

/** What a button is: its tool name, its title's lang key, its Font Awesome icon, and what a click opens. */
export interface GmTool {
  readonly name: string;
  readonly title: string;
  readonly icon: string;
  readonly open: () => unknown;
}

/** Adds `tool` last among the Token controls (shown to a GM only), when there are Token controls. */
export function addGmTokenTool(controls: SceneControls, tool: GmTool): void {
  const tools = controls["tokens"]?.tools;
  if (tools === undefined) return;
  tools[tool.name] = {
    name: tool.name,
    title: tool.title,
    icon: tool.icon,
    order: Object.keys(tools).length,
    button: true,
    visible: game.user?.isGM === true,
    onChange: () => void tool.open(),
  };
}

/** Calls `add` each time Foundry builds the scene controls. */
export function onSceneControls(add: (controls: SceneControls) => void): void {
  (Hooks as unknown as { on(name: string, fn: (controls: SceneControls) => void): number }).on("getSceneControlButtons", add);
}
