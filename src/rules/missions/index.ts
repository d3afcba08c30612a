// The Team Yankee missions rules core (seed 002): selection, the ten missions, light, reserves,
// ambush, minefields, withdrawal, objectives and victory points.
export * from "./types";
export * from "./effects";
export * from "./catalogue";
export * from "./selection";
export * from "./time-of-day";
export * from "./night";
export * from "./reserves";
export * from "./ambush";
export * from "./minefields";
export * from "./withdrawal";
export * from "./objectives";
export * from "./victory";
export * from "./track";
