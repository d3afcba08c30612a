import { mapStateView, type MapStateView } from "../../src/map/map-state";

/**
 * A sample map state on the 4 × 3 test map (./fixture.ts): a Warsaw Pact minefield in 0202 and a
 * NATO one in 0301, 0303 contaminated, the bridge 0101|0201 blown and the autobahn cut in 0302.
 */
export function sampleMapState(): MapStateView {
  return mapStateView({
    format: "nobc-map-state/1",
    mines: { "0202": { side: "wp" }, "0301": { side: "nato" } },
    contaminated: { "0303": true },
    destroyedBridges: { "0101|0201": true },
    cutAutobahn: { "0302": true },
    engineersLeft: {},
  });
}
