/**
 * TEST STAND-IN for Foundry's v13 CombatTracker, the few members the tracker class overrides (its three
 * parts and a context passed through), for tests that draw the tracker on a client
 * (tests/combat/tracker-app.test.ts has the fuller one).
 */
type Raw = Record<string, unknown>;

export class TrackerBase {
  static PARTS = { header: { template: "h" }, tracker: { template: "t" }, footer: { template: "f" } };
  viewed: unknown = null;
  element = null;
  parts = {};
  _configureRenderParts(): Raw {
    return structuredClone(TrackerBase.PARTS);
  }
  async _preparePartContext(_id: string, context: Raw): Promise<Raw> {
    return context;
  }
  _onRender(): void {
    this.parts = {};
  }
  _onClose(): void {
    this.viewed = null;
  }
}
