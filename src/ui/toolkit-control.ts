/**
 * "Umpire's toolkit" among the Token controls of the scene controls (v13 `getSceneControlButtons`, whose
 * controls and tools are records by name). Only a GM sees it: every toolkit procedure is the umpire's.
 * A player who runs `game.nobc.openToolkit()` is told there is nothing for them.
 */
import { openToolkit } from "../apps/toolkit/macros";

interface ToolLike {
  name: string;
  title: string;
  icon: string;
  order: number;
  button?: boolean;
  visible?: boolean;
  onChange?: (event: Event, active: boolean) => void;
}

type Controls = Record<string, { tools?: Record<string, ToolLike> } | undefined>;

export function addToolkitControl(controls: Controls): void {
  const tools = controls["tokens"]?.tools;
  if (tools === undefined) return;
  tools["nobcToolkit"] = {
    name: "nobcToolkit",
    title: "NOBC.Toolkit.Title",
    icon: "fa-solid fa-toolbox",
    order: Object.keys(tools).length,
    button: true,
    visible: game.user?.isGM === true,
    onChange: () => void openToolkit(),
  };
}

export function registerToolkitControl(): void {
  (Hooks as unknown as { on(name: string, fn: (controls: Controls) => void): number }).on("getSceneControlButtons", addToolkitControl);
}
