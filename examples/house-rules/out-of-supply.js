/**
 * HOUSE RULE, not from the NOBC seeds: "Attacking out of supply".
 *
 * An attack in which any attacking unit has no supply points left takes −1 (the unit has spent its
 * last SP, e.g. on fire missions, and fights on what it carries). The line shows in the ground-combat
 * planner's breakdown and odds, and on the chat card, as "House rule: attacking units out of supply:
 * 1  −1", with this file named as its source.
 *
 * A house rule is one file like this. Load it on every client (each player plans on their own
 * client): put it in a small module's `esmodules`, or in any world-script loader. It registers once
 * `game.nobc` exists; `registerCombatModifier` refuses a bad rule or a taken id with a warning.
 */
Hooks.once("setup", () => {
  game.nobc.registerCombatModifier({
    id: "out-of-supply",
    // A lang key of your own module, or plain text; {count} is filled from the answer's data.
    label: "House rule: attacking units out of supply: {count}",
    source: "house rule (examples/house-rules/out-of-supply.js), not seed 000",
    // The context holds plain copies: attackers, defenders, target, terrain, minefield, rivers,
    // cards, cas, options, attackerSide, defenderSide. Answer a whole number, { value, data }, or null.
    applies: ({ attackers }) => {
      const dry = attackers.filter((unit) => unit.supply === 0);
      return dry.length === 0 ? null : { value: -1, data: { count: dry.length } };
    },
  });
});
