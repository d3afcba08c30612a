/**
 * Gallery entries of the Not Quite Mechanised toolkit: the NQM unit sheet, each procedure's dialog
 * and its card. Contexts come from the same pure functions the sheet and the dialogs call.
 */
import type { FixtureSheet } from "../sheets/fixtures";
import type { Translator } from "../../src/base/foundry";
import { nqmUnitSheetContext } from "../../src/sheets/context/nqm-unit";
import type { NqmUnitSystemView } from "../../src/view/views";

const header = (name: string, uuid: string) => ({ name, img: "icons/svg/mystery-man.svg", uuid, editable: true });

export const nqmRifleCompany: NqmUnitSystemView = {
  side: "nato",
  grade: "conscript",
  green: true,
  kind: "fighting",
  strength: { value: 8, max: 9 },
  combatUnits: 3,
  weight: "L",
  armour: "L",
  protection: "dugIn",
  pins: { red: 2, black: 1 },
  disorganised: true,
  disorganisedHours: 1,
  harassedHours: 2,
  broken: false,
  surrendered: false,
  withdrawn: false,
  ammo: 6,
  inSupply: true,
  supplyUnits: { log: 0, pol: 0 },
  recceTroops: false,
  commandBase: true,
  notes: "<p>Holding the crossroads at Hill 112.</p>",
  pinned: true,
  targetClass: "M",
};

export const nqmFixtureData: readonly unknown[] = [nqmRifleCompany];

export const nqmGallery = (_i18n: Translator): FixtureSheet[] => [
  {
    id: "nqm-unit",
    title: "NQM unit: a green conscript company, dug in, pinned and disorganised",
    template: "actor/nqm-unit.hbs",
    classes: "actor nqm-unit",
    context: nqmUnitSheetContext(nqmRifleCompany, { ...header("2 Coy, 1st Rifles", "Actor.n1"), enrichedNotes: nqmRifleCompany.notes }),
    data: [nqmRifleCompany],
  },
];
